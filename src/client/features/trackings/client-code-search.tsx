// 'Mis Paquetes' search (public-site §5): the code is uppercased as typed; blank or malformed
// codes are refused here with the spec's messages (a toast, and the same text by the field).

import { useState, type FormEvent } from "react";
import { Search } from "lucide-react";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import {
  CLIENT_CODE_FORMAT_TITLE,
  CLIENT_CODE_REQUIRED,
  CLIENT_CODE_REQUIRED_TITLE,
  ZClientCodeSchema,
} from "../../../shared/api/clients";
import { CLIENT_CODE_EXAMPLE } from "../../../shared/domain/client-code";

export interface ClientCodeSearchProps {
  onSearch: (clientCode: string) => void;
  searching: boolean;
}

export function ClientCodeSearch({ onSearch, searching }: ClientCodeSearchProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZClientCodeSchema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? CLIENT_CODE_REQUIRED;
      setError(message);
      toast({
        title: message === CLIENT_CODE_REQUIRED ? CLIENT_CODE_REQUIRED_TITLE : CLIENT_CODE_FORMAT_TITLE,
        description: message,
        variant: "destructive",
      });
      return;
    }
    setError(undefined);
    setValue(parsed.data);
    onSearch(parsed.data);
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="codigo-cliente"
        label="Código de cliente"
        error={error}
        hint={`Lo recibiste al inscribirte, por ejemplo ${CLIENT_CODE_EXAMPLE}.`}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            value={value}
            onChange={(event) => setValue(event.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder={CLIENT_CODE_EXAMPLE}
            className="font-mono uppercase"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={searching} className="sm:mt-7">
        <Search className="h-5 w-5" aria-hidden="true" />
        {searching ? "Buscando..." : "Buscar"}
      </Button>
    </form>
  );
}
