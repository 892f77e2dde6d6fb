// Where the API describes itself (issue 33 item 3, decision 177).
/** The OpenAPI 3.1 document of every call. */
export const OPENAPI_PATH = "/api/openapi.json";
/** The readable reference for staff developers (a page, not a call). */
export const API_REFERENCE_PATH = "/docs/api";
