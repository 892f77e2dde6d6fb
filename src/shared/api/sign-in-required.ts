// The `code` of the 401 a protected account's route answers without the client's sign-in, in a
// file without zod: the client portal reads it before the sign-in's own chunk (and its schemas)
// is fetched (issue 37 item 5; the pattern of decision 184).

export const SIGN_IN_REQUIRED_CODE = "SIGN_IN_REQUIRED";
