/**
 * Every declared route, by resource (decision 054): what docs/openapi.json is made from and
 * what tests/unit/api-contract.test.ts holds the functions to.
 */
import { auditRoutes } from './audit.ts';
import { blogPostsRoutes } from './blog-posts.ts';
import { cashRoutes } from './cash.ts';
import { dueDiligenceRoutes } from './due-diligence.ts';
import { dutyIndexationRoutes } from './duty-indexation.ts';
import { engagementDueDiligenceRoutes } from './engagement-due-diligence.ts';
import { engagementLinkRoutes } from './engagement-link.ts';
import { engagementsRoutes } from './engagements.ts';
import { enquiriesRoutes } from './enquiries.ts';
import { enquiryIntakeRoutes } from './enquiry-intake.ts';
import { leadAlertsRoutes, leadMetricsRoutes } from './lead-desk.ts';
import { loginRoutes } from './login.ts';
import { mattersRoutes } from './matters.ts';
import { mediaRoutes } from './media.ts';
import { myMattersRoutes } from './my-matters.ts';
import { passkeysRoutes } from './passkeys.ts';
import { payoutsRoutes } from './payouts.ts';
import { servicesRoutes } from './services.ts';
import { settingsRoutes, siteBuildRoutes } from './settings.ts';
import { settingsAccountsRoutes } from './settings-accounts.ts';
import { staffRoutes } from './staff.ts';
import { suspicionsRoutes } from './suspicions.ts';
import { testimonialsRoutes } from './testimonials.ts';
import { userRoutes } from './user.ts';

export const API = {
  enquiryIntake: enquiryIntakeRoutes,
  settings: settingsRoutes,
  siteBuilds: siteBuildRoutes,
  services: servicesRoutes,
  testimonials: testimonialsRoutes,
  blogPosts: blogPostsRoutes,
  dutyIndexation: dutyIndexationRoutes,
  cash: cashRoutes,
  suspicions: suspicionsRoutes,
  payouts: payoutsRoutes,
  audit: auditRoutes,
  staff: staffRoutes,
  settingsAccounts: settingsAccountsRoutes,
  leadMetrics: leadMetricsRoutes,
  leadAlerts: leadAlertsRoutes,
  passkeys: passkeysRoutes,
  engagements: engagementsRoutes,
  engagementDueDiligence: engagementDueDiligenceRoutes,
  engagementLink: engagementLinkRoutes,
  user: userRoutes,
  login: loginRoutes,
  dueDiligence: dueDiligenceRoutes,
  matters: mattersRoutes,
  enquiries: enquiriesRoutes,
  media: mediaRoutes,
  myMatters: myMattersRoutes,
} as const;
