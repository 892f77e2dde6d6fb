// Browser entry: the global error net and the referral capture run once, before the first render.

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { installGlobalErrorHandlers } from "./lib/global-errors";
import { captureReferralCode } from "./lib/referral";
import "./styles.css";

installGlobalErrorHandlers();
captureReferralCode();

const root = document.getElementById("root");
if (!root) throw new Error("Falta el elemento #root en index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
