export {
  type AdminCharts,
  adminChartsAnswer,
  CHART_BUCKETS,
  CHART_PAGES,
  CHART_SERIES,
  CHART_UNITS,
  type ChartBucket,
  type ChartPage,
  MOST_CHART_BUCKETS,
} from './admin-charts.js';
export { ADMIN_PAGES, type AdminPage, type AdminPagePath } from './admin-pages.js';
export {
  ALERT_CHANNELS,
  type AlertChannel,
  type AlertPreferences,
  alertOpenQuerySchema,
  alertPreferencesSchema,
  DEFAULT_ALERT_PREFERENCES,
  DROP_ALERT_OUTCOMES,
  DROP_MOMENTS,
  type DropAlertFigures,
  type DropAlertOutcome,
  dropAlertFiguresSchema,
  dropAlertsRequestSchema,
  type InboxMessage,
  inboxMessageSchema,
  PROMOTIONAL_MESSAGES_PER_DROP,
  type PushSubscriptionInput,
  pushEndpointSchema,
  pushSubscriptionSchema,
  unsubscribeQuerySchema,
} from './api/alerts.js';
export { CONTACT_OPTIONS, type ContactOption, type ContactRequest, contactRequestSchema } from './api/contact.js';
export { type FailingStep, STEP_SERVICES, type StepService } from './api/cron.js';
export { type GiveawayEntryRequest, giveawayAnswersCorrect, giveawayEntrySchema } from './api/giveaway.js';
export {
  GIVEAWAY_PRIZE_COUNT,
  type GiveawayPrize,
  type GiveawayPrizeInput,
  type GiveawayResults,
  isHttpsUrl,
  NO_GIVEAWAY_RESULTS,
  PRIZE_DESCRIPTION_MAX_LENGTH,
  PRIZE_IMAGE_URL_MAX_LENGTH,
  PRIZE_NAME_MAX_LENGTH,
  PRIZE_SLOTS_MESSAGE,
  type PrizeProblem,
  prizeProblem,
} from './api/giveaway-prizes.js';
export { type GiveawayPrizesRequest, giveawayPrizesRequestSchema } from './api/giveaway-prizes-schema.js';
export { GIVEAWAY_QUESTIONS } from './api/giveaway-questions.js';
export {
  GENDERS,
  type Gender,
  GST_PROFESSIONS,
  LIST_ITEM_COMMA_MESSAGE,
  LIST_ITEM_MAX_LENGTH,
  LIST_SLOTS,
  listItemHasComma,
  NEED_LIST_MINIMUM_MESSAGE,
  ONBOARDING_NEED_LIST_MINIMUM,
  PERSONAS,
  type Persona,
  PROFESSIONS,
  type Profession,
} from './api/member-fields.js';
export {
  loginRequestSchema,
  type OnboardingProgress,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  PERSONA_REQUIRED_MESSAGE,
  type Profile,
  personNameSchema,
  profileSchema,
  type SubscriptionStatus,
  type UpdateProfileRequest,
  updateProfileSchema,
  welcomeEmailRequestSchema,
  wishListSchema,
} from './api/members.js';
export { type DeliveryAddress, ORDER_STATUSES, type OrderPayload, type OrderStatus, orderPayloadSchema } from './api/orders.js';
export {
  type AdminProduct,
  adminProductSchema,
  BOARD_SECTIONS,
  DESCRIPTION_REQUIRED_MESSAGE,
  PRESET_BRANDS,
  PRODUCT_CATEGORIES,
  type ProductForm,
  type ProductForOrder,
  type PublicProduct,
  productFormSchema,
  productForOrderSchema,
  publicProductSchema,
  SALE_END_MESSAGE,
  SALE_STATES,
  type StockHandOver,
  type StockHoldResult,
  type StockMoveResult,
  type StockRelease,
  stockHoldResultSchema,
  stockHoldSchema,
  stockMoveResultSchema,
  stockOrderSchema,
  stockReleaseSchema,
} from './api/products.js';
export {
  cancelSubscriptionSchema,
  createMandateSchema,
  createSubscriptionSchema,
  toggleAutoRenewalSchema,
} from './api/subscriptions.js';
export { type DropDraw, dropDrawSchema, type WaitingRoomView, waitingRoomSchema } from './api/waiting-room.js';
export { AUDIT_ACTION_CODES, AUDIT_ACTIONS, type AuditAction, auditActionWords } from './audit-actions.js';
export { brandNameFrom, COPYRIGHT_YEAR, DEFAULT_BRAND_NAME, socialHandleOf, socialProfileUrlOf } from './brand.js';
export { COPY } from './copy.js';
export { DELIVERY_AREA_COPY } from './delivery-area.js';
export {
  calendarDropId,
  DROP_EVERY_DAYS,
  type DropWindow,
  dropAnchorSetting,
  dropFriday,
  dropIndexOn,
  dropLabel,
  fridayDropWindow,
  isDropFriday,
  type KnownDrop,
  knownDrops,
  offCalendarWarning,
  onDropCalendar,
  openingDayOf,
  saleDropOf,
} from './drop-calendar.js';
export {
  catalogEvents,
  DropCancelled,
  DropMoved,
  DropScheduled,
  EarlyAccessGranted,
  EarlyAccessRevoked,
  ProductCreated,
  ProductDisabled,
  ProductEnabled,
  ProductUpdated,
  StockAdjusted,
} from './events/catalog.js';
export {
  defineEvent,
  type EventData,
  type EventDefinition,
  type EventOf,
  EventRegistry,
  type EventsOf,
  InvalidEventError,
  UnknownEventTypeError,
} from './events/define.js';
export {
  ContactMessageReceived,
  DeliveryAreaNotifyRequested,
  GiveawayDrawn,
  GiveawayEntered,
  GiveawayPrizesSet,
  InvitationCreated,
  InvitationRedeemed,
  identityEvents,
  ListsUpdated,
  MemberRegistered,
  PersonaChosen,
  PersonalDetailsUpdated,
  ShippingDetailsUpdated,
  WallVisibilityChanged,
} from './events/identity.js';
export {
  ExchangeApprovalStarted,
  ExchangeApproved,
  ExchangeRefunded,
  ExchangeRefused,
  ExchangeRequested,
  OrderCancelledOutOfStock,
  OrderCompleted,
  OrderDelivered,
  OrderFailed,
  OrderPaymentStarted,
  OrderPlaced,
  OrderProcessingStarted,
  OrderRefundChosen,
  OrderRefunded,
  OrderRefundSettled,
  OrderShipped,
  ordersEvents,
  RefundRetried,
  RefundRetryChosen,
  WaitlistClosed,
} from './events/orders.js';
export {
  AutoRenewalChanged,
  CreditNoteIssued,
  InvoiceIssued,
  MandateAuthorized,
  MembershipCreditGranted,
  MembershipCreditReleased,
  MembershipCreditSpent,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  PaymentFailed,
  PaymentInitiated,
  PaymentProcessing,
  PaymentRefunded,
  PaymentSucceeded,
  paymentsEvents,
  RefundAccepted,
  RefundCreditGranted,
  RefundFailed,
  RefundRequested,
  RenewalChargeFailed,
  RenewalNoticeSent,
  SUBSCRIPTION_STATUSES,
  SubscriptionActivated,
  SubscriptionCancelled,
  SubscriptionExpired,
  SubscriptionFailed,
  SubscriptionRenewed,
  SubscriptionRequested,
  SubscriptionStatusChanged,
} from './events/payments.js';
export { eventRegistries } from './events/registries.js';
export {
  EXCHANGE_POLICY,
  EXCHANGE_REASON_LABELS,
  EXCHANGE_REASONS,
  EXCHANGE_STATE_LABELS,
  EXCHANGE_STATES,
  type ExchangeOffer,
  type ExchangeReason,
  type ExchangeState,
  type ExchangeView,
  OPEN_EXCHANGE_STATES,
  QUEUE_OPEN_EXCHANGE_STATES,
  REFUND_EXCHANGE_STATES,
} from './exchanges.js';
export { type ExchangeRequest, exchangeRefusalSchema, exchangeRequestSchema } from './exchanges-schema.js';
export {
  AWB_PATTERN,
  DELIVERY_PROMISE,
  deliveryDueAfterShipping,
  EXCHANGE_WINDOW_DAYS,
  expectedDeliveryDate,
  FULFILMENT_MESSAGES,
  FULFILMENT_STEP_LABELS,
  FULFILMENT_STEPS,
  type FulfilmentStep,
  type FulfilmentTimelineStep,
  type FulfilmentView,
  nextFulfilmentStep,
  OPERATOR_STEPS,
  type OperatorStep,
} from './fulfilment.js';
export {
  BULK_FULFILMENT_LIMIT,
  type BulkFulfilmentRequest,
  bulkFulfilmentSchema,
  type FulfilmentStepRequest,
  fulfilmentStepSchema,
} from './fulfilment-schema.js';
export {
  GST_RATE_MESSAGE,
  GST_RATE_PERCENTS,
  GST_RATE_REQUIRED_MESSAGE,
  GST_RATES,
  type GstRatePercent,
  HSN_CODE_MESSAGE,
  HSN_CODE_PATTERN,
  HSN_CODE_REQUIRED_MESSAGE,
} from './gst-rates.js';
export { escapeHtml } from './html.js';
export {
  gstStateCode,
  INDIAN_STATE_NAMES,
  INDIAN_STATES,
  type IndianStateName,
  indianStateNamed,
  LAUNCH_STATES,
  type PincodeServiceability,
} from './india-states.js';
export {
  addBusinessDays,
  addDays,
  daysBetween,
  EARLIEST_DATE,
  formatIndianDay,
  fromIndianWallClock,
  indianCalendar,
  indianDate,
  indianDateTime,
  indianDayOf,
  indianMidnight,
  indianMidnightOf,
  indianWallClock,
  isCalendarDate,
  isFriday,
  LATEST_DATE,
  todayInIndia,
  weekdayOf,
} from './india-time.js';
export { listMatchReason } from './list-match.js';
export {
  creditForOrder,
  DEALS_BOARD,
  LOWEST_PRICE_MESSAGE,
  LOWEST_PRICE_PAISE,
  MEMBER_CAPS,
  MEMBERSHIP_CREDIT,
  MINIMUM_PAYMENT_PAISE,
  mostCreditFor,
  payableAfterCredit,
  SUBSCRIPTION_PRICE,
} from './membership.js';
export { formatRupees, paiseOf, type RupeeOptions, rupeesOf } from './money.js';
export { answer, done, pagination, specPagination } from './operations/answers.js';
export type { DropRequest, EarlyAccessRequest } from './operations/catalog.js';
export {
  adminBffOperations,
  catalogOperations,
  identityOperations,
  MAX_WAITING_ROOM_WAIT_SECONDS,
  OPERATIONS,
  ordersOperations,
  paymentsOperations,
  waitingRoomOperations,
} from './operations/index.js';
export {
  ACCESS_KINDS,
  type Access,
  type AnswerOf,
  addressOf,
  type BodyOf,
  type DataOf,
  type HttpMethod,
  type OperationRoute,
  type OperationSpec,
  operation,
  type ParamsOf,
  type Produces,
  pathMatcher,
  pathOf,
  type QueryOf,
  type RequestOf,
  type ResponseOf,
  searchOf,
} from './operations/operation.js';
export { simulatorCheckoutForm, simulatorMandateForm } from './operations/payments.js';
export { API } from './operations/routes.js';
export { failingStepSchema, type StepOperations, stepActionSchema, stepOperations } from './operations/steps.js';
export type { OperationId, OperationRoutes, OperationTable } from './operations/table.js';
export { ORDER_ID_PREFIXES, type OrderKind, orderKindOf } from './order-ids.js';
export {
  ORDER_REFUND_KIND_LABELS,
  ORDER_REFUND_KINDS,
  ORDER_REFUND_STATE_LABELS,
  ORDER_REFUND_STATES,
  type OrderRefundKind,
  type OrderRefundState,
  type RefundLineChange,
  refundLineChange,
  refundStateOf,
} from './order-refunds.js';
export { ORDER_STAGE_LABELS, type OrderFacts, type OrderStage, orderStage } from './order-stages.js';
export {
  atRiskBeforeTimeout,
  atRiskCreationWindow,
  isPaymentAtRisk,
  type PaymentForRisk,
  type PaymentTimeouts,
  PURPOSES_WITHOUT_TIMEOUT,
  paymentTimeoutSettings,
  paymentTimeoutsOf,
  UNSETTLED_PAYMENT_STATUSES,
} from './payment-at-risk.js';
export {
  REFUND_CHOICE_LABELS,
  REFUND_CHOICES,
  REFUND_CHOOSERS,
  REFUND_CREDIT,
  type RefundChoice,
  type RefundChooser,
} from './refund-choices.js';
export { GATEWAY_PORT, SERVICE_NAMES, SERVICES, type ServiceName } from './services.js';
export { mayBeSessionToken, SESSION_COOKIES, SESSION_LOOKUPS_PER_CALL, SESSION_TOKEN_MAX_LENGTH } from './sessions.js';
export { calendarDateSchema, dateRangeQuerySchema } from './validation/dates.js';
export {
  ageOn,
  dateOfBirthSchema,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  gstinSchema,
  indianMobileSchema,
  isValidGstin,
  MINIMUM_MEMBER_AGE,
  normaliseIndianMobile,
  PINCODE_PATTERN,
  pincodeSchema,
} from './validation/india.js';
export {
  PAYER_EMAIL_TOO_LONG,
  PAYER_FIELD_MAX,
  PAYER_NAME_TOO_LONG,
  payerEmailSchema,
  payerNameFits,
} from './validation/payer.js';
export {
  ADMIN_ROUTES,
  CHUNK_FILES_LIST,
  exposedChunkName,
  MEMBER_ROUTES,
  PRERENDERED_ROUTES,
  PUBLIC_ROUTES,
  prerenderedPageFile,
  REMOTE_LOADER_CHUNK,
  REMOTE_SCREENS,
  REMOTES_MANIFEST_PATH,
  type RemotesManifest,
  remoteDrawing,
  WEB_ROUTES,
} from './web-routes.js';
export { WHATSAPP_OPT_IN_WORDING } from './whatsapp-opt-in.js';
export { countOf } from './words.js';
