export { formatRupees, type RupeeOptions } from '@elts/contracts';
export { ApiError, type ApiRequestOptions, apiRequest, type Envelope } from './api/api-request.js';
export { type CallOptions, callOperation } from './api/call-operation.js';
export { downloadFile, fileNameOf, saveFile } from './api/download-file.js';
export { BRAND } from './brand.js';
export { BrandLogo } from './components/BrandLogo.js';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from './components/Button.js';
export { Card, type CardProps } from './components/Card.js';
export { Checkbox, type CheckboxProps } from './components/Checkbox.js';
export { type Column, DataTable, type DataTableProps } from './components/DataTable.js';
export { DayInput } from './components/DayInput.js';
export { controlClasses, Field, type FieldControlOptions, type FieldProps, useFieldControl } from './components/Field.js';
export { PrizeGrid, type PrizeView, WinnersList, type WinnerView } from './components/GiveawayPrizes.js';
export { Modal, type ModalProps } from './components/Modal.js';
export { OrderStageBadge } from './components/OrderStageBadge.js';
export { Pagination, type PaginationProps } from './components/Pagination.js';
export { ProgressBar, type ProgressBarProps } from './components/ProgressBar.js';
export { type RadioCardOption, RadioCards, type RadioCardsProps } from './components/RadioCards.js';
export { RemoteRoot } from './components/RemoteRoot.js';
export { Select, type SelectOption, type SelectProps } from './components/Select.js';
export { SocialHandleLink } from './components/SocialHandleLink.js';
export { Spinner, type SpinnerProps } from './components/Spinner.js';
export { EmptyState, ErrorState, type ErrorStateProps, LoadingState } from './components/States.js';
export { StatusBadge, type StatusBadgeProps } from './components/StatusBadge.js';
export { type TabItem, Tabs, type TabsProps } from './components/Tabs.js';
export { TextArea, type TextAreaProps, TextInput, type TextInputProps } from './components/TextField.js';
export {
  TOAST_DURATION_MS,
  type ToastInput,
  type ToastLocation,
  ToastProvider,
  type ToastTone,
  useToast,
} from './components/Toast.js';
export { cx } from './cx.js';
export { formatCount } from './format/count.js';
export { formatDate, formatDateTime } from './format/date.js';
export {
  DATE_TIME_PLACEHOLDER,
  DAY_PLACEHOLDER,
  type DateTimeReading,
  type DayRange,
  type DayReading,
  dateTimeText,
  dayText,
  maskDateTimeText,
  maskDayText,
  readDateTimeText,
  readDayText,
} from './format/day-text.js';
export { formatIndianMobile, indianMobileDigits, isIndianMobile } from './format/phone.js';
export * from './icons/icons.js';
export {
  forgetMemberSession,
  MEMBER_SESSION_KEYS,
  type MemberSession,
  readAdminToken,
  readMemberSession,
  requestSignIn,
  SESSION_KEYS,
  SIGN_IN_REQUEST_EVENT,
  signInReturnsTo,
} from './session/session-storage.js';
export { whatsAppShareLink } from './share/whatsapp.js';
export { type StatusTone, statusTone } from './status/status-tone.js';
export { type PageInfo, pageLabel, showingLabel, totalPagesFor } from './table/pages.js';
export { nextSort, type SortDirection, type SortState, type SortValue, sortRows } from './table/sort-rows.js';
