// GET /brand/equipo/<file>: the team's photographs from BRAND_TEAM_DIR (decision 105), from
// memory. Only the files team.json lists exist here; anything else is a plain 404.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { BRAND_TEAM_PHOTO_PATH } from "../../../shared/brand";
import { errorBody } from "../../errors";

export function registerBrandRoutes(app: FastifyInstance, ctx: AppContext): void {
  const photos = ctx.config.brandTeamPhotos;
  app.get<{ Params: { file: string } }>(`${BRAND_TEAM_PHOTO_PATH}:file`, (request, reply) => {
    const photo = photos.get(request.params.file);
    if (!photo) return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
    // A week, then revalidated: the business may change a photo under the same name.
    return reply.type(photo.type).header("cache-control", "public, max-age=604800").send(photo.body);
  });
}
