// An inline field's text that follows the server's value without ever overwriting typing: a new
// value from the server (this field's save, another field's save, a refetch) replaces the text
// only while the text still shows the previous server value. Once staff have typed, the text is
// theirs until they save it or the server agrees with it (issue 18 item 1: a cost save refreshed
// the row and reset the weight being typed).

import { useState } from "react";

export function useServerField<T>(value: T, format: (value: T) => string): [string, (text: string) => void] {
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (text === format(shown)) setText(format(value));
  }
  return [text, setText];
}
