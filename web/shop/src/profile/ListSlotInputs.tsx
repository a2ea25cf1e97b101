import { LIST_ITEM_MAX_LENGTH, slotCommaError } from './list-slots.js';

/**
 * One list's five numbered slots, as onboarding's My Lists step and the account page's Lists section both edit them:
 * each slot says under it when it holds a comma (docs/decisions/0116). The two screens differ only in look (the
 * number's badge, the input's frame) and in that the account page shows the slots read-only until EDIT, so those
 * come in as props and the slots themselves are written once.
 */
export function ListSlotInputs({
  title,
  slots,
  slotId,
  onSlotChange,
  className,
  markerClassName,
  inputClassName,
  required = 0,
  readOnly = false,
}: {
  /** The list's name, for each slot's label ('Need List item 1'). */
  title: string;
  slots: readonly string[];
  slotId: (index: number) => string;
  onSlotChange: (index: number, value: string) => void;
  className: string;
  markerClassName: string;
  inputClassName: (invalid: boolean) => string;
  /** How many of the first slots must be filled: their number carries an asterisk. */
  required?: number;
  /** Read-only slots show what is saved, so they say nothing about commas. */
  readOnly?: boolean;
}) {
  return (
    <ol className={className}>
      {slots.map((value, index) => {
        const isRequired = index < required;
        const id = slotId(index);
        const commaError = readOnly ? undefined : slotCommaError(value);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five slots are fixed places, not items that move.
          <li key={index} className="flex items-start gap-3">
            <span aria-hidden="true" className={markerClassName}>
              {index + 1}
              {isRequired && <span className="text-red-700">*</span>}
            </span>
            <div className="min-w-0 flex-1">
              <input
                id={id}
                aria-label={`${title} item ${index + 1}`}
                aria-invalid={commaError ? true : undefined}
                aria-describedby={commaError ? `${id}-error` : undefined}
                className={inputClassName(Boolean(commaError))}
                maxLength={LIST_ITEM_MAX_LENGTH}
                required={isRequired}
                readOnly={readOnly}
                value={value}
                onChange={(event) => onSlotChange(index, event.target.value)}
              />
              {commaError && (
                <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {commaError}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
