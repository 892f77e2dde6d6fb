// The part search form (public-site §3, §5): make, model, year (this year to start), part
// number, part, description and an optional photo, checked by the shared schema.

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Search } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { ImageUpload } from "../../components/image-upload";
import {
  PARTS_TEXT_MAX,
  ZPartsSearchRequestSchema,
  currentPartsYear,
  type TPartsSearchForm,
  type TPartsSearchRequest,
} from "../../../shared/api/parts-assistant";
import { PARTS_MIN_YEAR, partsMaxYear } from "../../../shared/domain/limits";

export interface PartsSearchFormProps {
  clientCode: string;
  onSearch(request: TPartsSearchRequest): Promise<void>;
}

export function PartsSearchForm({ clientCode, onSearch }: PartsSearchFormProps) {
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TPartsSearchForm, unknown, TPartsSearchRequest>({
    resolver: zodResolver(ZPartsSearchRequestSchema),
    defaultValues: {
      clientCode,
      marca: "",
      modelo: "",
      anio: String(currentPartsYear()),
      numeroPieza: "",
      parte: "",
      descripcion: "",
      imagenUrl: "",
    },
  });

  const onImage = (objectPath: string | null) => {
    setImage(objectPath);
    // The server wants a full address; the preview uses the path on this site.
    setValue("imagenUrl", objectPath ? new URL(objectPath, window.location.origin).href : "");
  };

  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby="buscar-titulo">
        <h2 id="buscar-titulo" className="flex items-center gap-2 text-xl font-semibold text-ink">
          <Search className="h-5 w-5 text-primary" aria-hidden="true" />
          Buscar repuesto
        </h2>
        <p className="mt-1 text-sm text-muted">
          Dinos el vehículo y la pieza. Con el número de pieza (viene en la pieza vieja o en el manual) la búsqueda es exacta.
        </p>
        <form method="post" noValidate aria-labelledby="buscar-titulo" onSubmit={handleSubmit(onSearch)} className="mt-6 grid gap-5 sm:grid-cols-2">
          <FormField id="repuestos-marca" label="Marca" error={errors.marca?.message}>
            {(control) => (
              <Input {...control} {...register("marca")} maxLength={PARTS_TEXT_MAX.marca} placeholder="Ej.: Toyota" autoComplete="off" />
            )}
          </FormField>
          <FormField id="repuestos-modelo" label="Modelo" error={errors.modelo?.message}>
            {(control) => (
              <Input {...control} {...register("modelo")} maxLength={PARTS_TEXT_MAX.modelo} placeholder="Ej.: Hilux" autoComplete="off" />
            )}
          </FormField>
          <FormField id="repuestos-anio" label="Año" error={errors.anio?.message}>
            {(control) => (
              <Input
                {...control}
                {...register("anio")}
                type="number"
                inputMode="numeric"
                min={PARTS_MIN_YEAR}
                max={partsMaxYear()}
                step={1}
              />
            )}
          </FormField>
          <FormField id="repuestos-numero" label="Número de pieza" optional error={errors.numeroPieza?.message}>
            {(control) => (
              <Input
                {...control}
                {...register("numeroPieza")}
                maxLength={PARTS_TEXT_MAX.numeroPieza}
                placeholder="Ej.: 04465-0K240"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField id="repuestos-parte" label="Parte" error={errors.parte?.message} className="sm:col-span-2">
            {(control) => (
              <Input
                {...control}
                {...register("parte")}
                maxLength={PARTS_TEXT_MAX.parte}
                placeholder="Ej.: Pastillas de freno delanteras"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            id="repuestos-descripcion"
            label="Descripción"
            optional
            hint="Si no sabes el nombre de la parte, descríbela: dónde va, para qué sirve, cómo se ve."
            error={errors.descripcion?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Textarea {...control} {...register("descripcion")} rows={3} maxLength={PARTS_TEXT_MAX.descripcion} />
            )}
          </FormField>
          <div className="sm:col-span-2">
            <ImageUpload value={image} onChange={onImage} onUploadingChange={setUploading} />
            {errors.imagenUrl?.message ? (
              <p className="mt-1 text-sm font-medium text-destructive-hover">{errors.imagenUrl.message}</p>
            ) : null}
          </div>
          <Button type="submit" size="lg" disabled={isSubmitting || uploading} className="sm:col-span-2 sm:justify-self-start">
            <Search className="h-4 w-4" aria-hidden="true" />
            {isSubmitting ? "Buscando…" : "Buscar Repuestos"}
          </Button>
        </form>
      </section>
    </Card>
  );
}
