// The business's own team (decision 105): BRAND_TEAM_DIR names a folder with team.json and the
// photographs it lists. Read once at start and checked whole, so a typo stops the server with a
// Spanish reason instead of showing a broken card; the photographs are kept in memory (a few,
// small) and served by this site at /brand/equipo/<file>, as the CSP allows only our own images.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BRAND_TEAM_PHOTO_PATH, type BrandTeamMember } from "../../shared/brand";
import { zText } from "../../shared/text-rules";
import { z } from "../../shared/validation";

export const TEAM_FILE = "team.json";
export const TEAM_MAX_MEMBERS = 12;
export const TEAM_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

const PHOTO_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};

export interface TeamPhoto {
  type: string;
  body: Buffer;
}

export interface BrandTeam {
  members: BrandTeamMember[];
  /** By file name, as served under /brand/equipo/. */
  photos: Map<string, TeamPhoto>;
}

const text = (max: number) => zText().pipe(z.string().trim().min(1).max(max));
const ZTeamFileSchema = z.object({
  members: z
    .array(
      z.object({
        name: text(80),
        role: text(80),
        bio: zText({ multiline: true }).pipe(z.string().trim().min(1).max(400)),
        /** A file name in the same folder: letters, digits, dots, hyphens, underscores. */
        photo: z
          .string()
          .regex(/^[\w-][\w.-]*$/, "debe ser el nombre de un archivo de la misma carpeta")
          .refine((name) => path.extname(name).toLowerCase() in PHOTO_TYPES, "debe ser .jpg, .jpeg, .png, .webp o .avif"),
        photoAlt: text(200),
      }),
    )
    .min(1)
    .max(TEAM_MAX_MEMBERS),
});

/** Reads and checks the folder; throws an Error with the reason in Spanish. */
export function loadBrandTeam(dir: string): BrandTeam {
  const fail = (reason: string): never => {
    throw new Error(`BRAND_TEAM_DIR (${dir}): ${reason}`);
  };
  const file = path.join(dir, TEAM_FILE);
  if (!existsSync(file)) fail(`falta ${TEAM_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    fail(`${TEAM_FILE} no es JSON válido`);
  }
  const parsed = ZTeamFileSchema.safeParse(json);
  if (!parsed.success) {
    fail(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  }
  const photos = new Map<string, TeamPhoto>();
  const members = parsed.data!.members.map((member) => {
    const photoFile = path.join(dir, member.photo);
    if (!existsSync(photoFile) || !statSync(photoFile).isFile()) fail(`falta la foto ${member.photo}`);
    if (statSync(photoFile).size > TEAM_PHOTO_MAX_BYTES) fail(`la foto ${member.photo} pasa de 2 MB`);
    photos.set(member.photo, { type: PHOTO_TYPES[path.extname(member.photo).toLowerCase()], body: readFileSync(photoFile) });
    return { ...member, photo: `${BRAND_TEAM_PHOTO_PATH}${encodeURIComponent(member.photo)}` };
  });
  return { members, photos };
}
