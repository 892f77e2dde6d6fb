// The parts assistant's first step (public-site §5): a client code, uppercased, EX followed by
// at least 3 letters or digits. Kept beside the teaser until the assistant's shared schema exists.
import { z } from "../../../shared/validation";
import { VERIFY_CODE_PATTERN, normalizeClientCode } from "../../../shared/domain/client-code";

export const PARTS_CODE_REQUIRED = "Código de cliente es requerido";
export const PARTS_CODE_FORMAT = "Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos";

export const ZPartsVerifyCodeSchema = z.object({
  clientCode: z
    .string({ error: PARTS_CODE_REQUIRED })
    .transform(normalizeClientCode)
    .pipe(z.string().min(1, PARTS_CODE_REQUIRED).regex(VERIFY_CODE_PATTERN, PARTS_CODE_FORMAT)),
});
export type TPartsVerifyCode = z.output<typeof ZPartsVerifyCodeSchema>;
export type TPartsVerifyCodeForm = z.input<typeof ZPartsVerifyCodeSchema>;
