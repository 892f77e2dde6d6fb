// Every feature module's routes, registered in one place. Add one line per module.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerAdminAuthRoutes } from "./admin/auth/routes";
import { registerContactRoutes } from "./contact/routes";
import { registerHealthRoutes } from "./health/routes";
import { registerSeoRoutes } from "./seo/routes";
import { registerClientVerificationRoutes } from "./clients/verification-routes";
import { registerPartsAssistantRoutes } from "./parts-assistant/routes";
import { registerUploadRoutes } from "./uploads/routes";
import { registerExchangeRateRoutes } from "./exchange-rate/routes";
import { registerProductAnalysisRoutes } from "./product-analysis/routes";
import { registerClientRoutes } from "./clients/routes";
import { registerCouponRoutes } from "./coupons/routes";
import { registerReferralRoutes } from "./referrals/routes";
import { registerTrackingRoutes } from "./trackings/routes";
import { registerNotificationRoutes } from "./notifications/routes";
import { registerTrackingNoticeRoutes } from "./tracking-notices/routes";
import { registerWhatsappEntryRoutes } from "./whatsapp-entries/routes";
import { registerExcelRoutes } from "./excel/routes";
import { registerAdminClientRoutes } from "./admin/clients/routes";
import { registerAdminTrackingRoutes } from "./admin/trackings/routes";
import { registerAdminSearchQuotaRoutes } from "./admin/search-quota/routes";
import { registerAdminStatsRoutes } from "./admin/stats/routes";

export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  registerHealthRoutes(app, ctx);
  registerAdminAuthRoutes(app, ctx);
  registerSeoRoutes(app, ctx);
  registerExchangeRateRoutes(app, ctx);
  registerProductAnalysisRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerClientVerificationRoutes(app, ctx);
  registerPartsAssistantRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerClientRoutes(app, ctx);
  registerTrackingRoutes(app, ctx);
  registerCouponRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerWhatsappEntryRoutes(app, ctx);
  registerTrackingNoticeRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerExcelRoutes(app, ctx);
  registerAdminClientRoutes(app, ctx);
  registerAdminTrackingRoutes(app, ctx);
  registerAdminSearchQuotaRoutes(app, ctx);
  registerAdminStatsRoutes(app, ctx);
}
