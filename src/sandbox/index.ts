/** Public API of the sandbox platform. */
export { startSandbox, MAX_BODY_BYTES, type SandboxHandle } from './server';
export {
  ENDPOINTS,
  SCRIPTED_FAULTS,
  type ChurnOptions,
  type Endpoint,
  type FaultOptions,
  type SandboxOptions,
  type ScriptedFault,
} from './types';
export {
  AfterSalesStatus,
  DeliveryStatus,
  OrderStatus,
  SANDBOX_AFTER_SALES_STATUSES,
  SANDBOX_ORDER_STATUSES,
} from './statuses';
export { CODES, MESSAGES, formatBuyerSyncTime, formatSellerTime, type Envelope } from './envelope';
export { OrderStore, compareIds, type AuditOutcome, type OrderStoreChanges } from './orderStore';
export {
  SandboxStateError,
  STATE_FILE_NAME,
  ensurePrivateDir,
  readSandboxState,
  removeSandboxState,
  stateFilePath,
  type DataSetFacts,
} from './persistentState';
export type {
  OrderPage,
  OrderQuery,
  SandboxOrder,
  SandboxOrderItem,
  SandboxDeliveryInfoEntry,
  SandboxDeliveryErrorInfo,
  SandboxDeliveryRecord,
  StoredOrder,
} from './orderTypes';
export { AuthCodeStore, type AuthCodeRecord } from './authCodes';
export { BuyerRegistry, type BuyerAccount } from './buyers';
export { DEFAULT_PAGE_SIZE, PAGE_INDEX_MAX, PAGE_SIZE_MAX } from './requestValidation';
export { LANDING_INVALID_TEXT, SUPPORTED_VERSION } from './buyerSyncRoute';
