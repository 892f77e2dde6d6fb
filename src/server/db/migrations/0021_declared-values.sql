ALTER TABLE "client_trackings" ADD COLUMN "peso_volumetrico_gramos" integer;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "diferencia_tipo" varchar(20);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "diferencia_nota" text;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_peso_volumetrico_check" CHECK ("client_trackings"."peso_volumetrico_gramos" is null or "client_trackings"."peso_volumetrico_gramos" > 0);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_diferencia_tipo_check" CHECK ("client_trackings"."diferencia_tipo" in ('PESO', 'CONTENIDO', 'PESO_Y_CONTENIDO'));--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_diferencia_check" CHECK (("client_trackings"."diferencia_tipo" is null) = ("client_trackings"."diferencia_nota" is null));