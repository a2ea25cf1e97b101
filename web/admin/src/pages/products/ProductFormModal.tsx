import { rupeesOf } from '@elts/contracts';
import { Button, Checkbox, DATE_TIME_PLACEHOLDER, Modal, maskDateTimeText, Select, TextArea, TextInput } from '@elts/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DialogFooter } from '../../components/DialogFooter.js';
import {
  type CatalogProduct,
  type DraftErrors,
  GST_RATES,
  isUrl,
  keepsSavedRetail,
  LOWEST_PRICE_PAISE,
  NEW_BRAND,
  PRODUCT_CATEGORIES,
  type ProductDraft,
  retailPriceHint,
  validateDraft,
} from './product-form.js';

/**
 * Brings the first field with a mistake into view and gives it the focus (issue 34: the modal stayed scrolled to the
 * bottom while the first invalid field was at the top, its message out of sight). Fields mark themselves
 * aria-invalid; the focus scrolls the dialog's body to it.
 */
function showFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus({ preventScroll: true });
  first?.scrollIntoView({ block: 'center' });
}

/** Add or edit a product: every field of the product form, checked before it is sent. */
export function ProductFormModal({
  title,
  initial,
  saved,
  brands,
  busy,
  saveError,
  serverErrors,
  onSave,
  onClose,
}: {
  title: string;
  initial: ProductDraft;
  /** The product as saved, when editing one: its retail price's date is said under the Amazon price. */
  saved?: CatalogProduct | undefined;
  brands: readonly string[];
  busy: boolean;
  /** Why the last save failed. Shown inside the dialog: a toast would sit behind it. */
  saveError?: string | undefined;
  /** Field messages from the server, by field name. */
  serverErrors?: DraftErrors | undefined;
  onSave: (draft: ProductDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [ownErrors, setErrors] = useState<DraftErrors>({});
  const errors = { ...serverErrors, ...ownErrors };
  const form = useRef<HTMLFormElement>(null);
  // Each refused submit, the form's own or the server's, shows its first mistake.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) showFirstInvalid(form.current);
  }, [refusals]);
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) showFirstInvalid(form.current);
  }, [serverErrors]);
  // Which image row a mistake is about: each that is not a URL, or the first when none was given.
  const imageInvalid = (image: string, index: number) =>
    Boolean(errors.images) && (image.trim() ? !isUrl(image.trim()) : index === 0 && !draft.images.some((other) => other.trim()));
  const set = <Key extends keyof ProductDraft>(key: Key, value: ProductDraft[Key]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, brands);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(draft);
    else setRefusals((count) => count + 1);
  };

  const brandOptions = [...new Set([...brands, ...(draft.brand && draft.brand !== NEW_BRAND ? [draft.brand] : [])])];
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      footer={<DialogFooter failure={saveError} onCancel={onClose} form="product-form" busy={busy} submit="Save Product" />}
    >
      <form ref={form} id="product-form" noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Name"
          required
          className="sm:col-span-2"
          value={draft.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextInput
          label="Price (₹)"
          required
          type="number"
          min={rupeesOf(LOWEST_PRICE_PAISE)}
          step="0.01"
          value={draft.price}
          error={errors.price}
          onChange={(e) => set('price', e.target.value)}
        />
        <TextInput
          label="Amazon Price (₹)"
          type="number"
          min={0}
          step="0.01"
          value={draft.amazonPrice}
          hint={retailPriceHint(draft, saved)}
          error={errors.amazonPrice}
          onChange={(e) => set('amazonPrice', e.target.value)}
        />
        {keepsSavedRetail(draft, saved) && (
          <Checkbox
            label="Checked this retail price today"
            checked={draft.amazonPriceChecked}
            onChange={(e) => set('amazonPriceChecked', e.target.checked)}
          />
        )}
        <Select
          label="Category"
          required
          placeholder="Select a category"
          options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: c }))}
          value={draft.category}
          error={errors.category}
          onChange={(e) => set('category', e.target.value)}
        />
        <TextInput
          label="Stock"
          required
          type="number"
          min={0}
          step="1"
          value={draft.stock}
          error={errors.stock}
          onChange={(e) => set('stock', e.target.value)}
        />
        <Select
          label="Brand"
          placeholder="No brand"
          options={[...brandOptions.map((b) => ({ value: b, label: b })), { value: NEW_BRAND, label: 'Add a new brand' }]}
          value={draft.brand}
          onChange={(e) => set('brand', e.target.value)}
        />
        {draft.brand === NEW_BRAND ? (
          <TextInput label="New brand" value={draft.newBrand} error={errors.newBrand} onChange={(e) => set('newBrand', e.target.value)} />
        ) : (
          <TextInput label="SKU" value={draft.sku} onChange={(e) => set('sku', e.target.value)} />
        )}

        <TextInput
          label="HSN Code"
          required
          hint="4, 6 or 8 digits, as on the tax invoice"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={draft.hsnCode}
          error={errors.hsnCode}
          onChange={(e) => set('hsnCode', e.target.value.replace(/\D/g, ''))}
        />
        <Select
          label="GST Rate"
          required
          placeholder="Select a GST rate"
          options={GST_RATES.map((rate) => ({ value: String(rate.percent), label: rate.label }))}
          value={draft.gstRate}
          error={errors.gstRate}
          onChange={(e) => set('gstRate', e.target.value)}
        />

        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-semibold text-ink-800">Images</legend>
          {draft.images.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have nothing else to key them by.
            <div key={index} className="flex items-end gap-2">
              <TextInput
                label={`Image URL ${index + 1}`}
                type="url"
                className="flex-1"
                aria-invalid={imageInvalid(image, index) || undefined}
                aria-describedby={imageInvalid(image, index) ? 'product-images-error' : undefined}
                value={image}
                onChange={(e) =>
                  set(
                    'images',
                    draft.images.map((old, i) => (i === index ? e.target.value : old)),
                  )
                }
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={draft.images.length === 1}
                aria-label={`Remove image ${index + 1}`}
                onClick={() =>
                  set(
                    'images',
                    draft.images.filter((_, i) => i !== index),
                  )
                }
              >
                Remove
              </Button>
            </div>
          ))}
          {errors.images && (
            <p id="product-images-error" className="text-sm font-medium text-red-700">
              {errors.images}
            </p>
          )}
          <Button variant="secondary" size="sm" className="self-start" onClick={() => set('images', [...draft.images, ''])}>
            Add Image
          </Button>
        </fieldset>

        <fieldset className="flex flex-col gap-3 sm:col-span-2">
          <legend className="mb-1 text-sm font-semibold text-ink-800">Descriptions</legend>
          {draft.descriptions.map((section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above, sections are edited in place.
            <div key={index} className="grid gap-2 rounded-xl bg-ink-50 p-3">
              <TextInput
                label={`Section ${index + 1} title`}
                aria-invalid={(Boolean(errors.descriptions) && index === 0) || undefined}
                aria-describedby={errors.descriptions && index === 0 ? 'product-descriptions-error' : undefined}
                value={section.title}
                onChange={(e) =>
                  set(
                    'descriptions',
                    draft.descriptions.map((d, i) => (i === index ? { ...d, title: e.target.value } : d)),
                  )
                }
              />
              <TextArea
                label={`Section ${index + 1} content`}
                rows={3}
                value={section.content}
                onChange={(e) =>
                  set(
                    'descriptions',
                    draft.descriptions.map((d, i) => (i === index ? { ...d, content: e.target.value } : d)),
                  )
                }
              />
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                disabled={draft.descriptions.length === 1}
                onClick={() =>
                  set(
                    'descriptions',
                    draft.descriptions.filter((_, i) => i !== index),
                  )
                }
              >
                Remove Section
              </Button>
            </div>
          ))}
          {errors.descriptions && (
            <p id="product-descriptions-error" className="text-sm font-medium text-red-700">
              {errors.descriptions}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => set('descriptions', [...draft.descriptions, { title: '', content: '' }])}
          >
            Add Section
          </Button>
        </fieldset>

        {draft.brand === NEW_BRAND && <TextInput label="SKU" value={draft.sku} onChange={(e) => set('sku', e.target.value)} />}
        <TextInput label="Variant Group" value={draft.variantGroup} onChange={(e) => set('variantGroup', e.target.value)} />
        {(['saleStartAt', 'saleEndAt'] as const).map((field) => (
          <TextInput
            key={field}
            label={field === 'saleStartAt' ? 'Sale Starts (IST)' : 'Sale Ends (IST)'}
            hint="24-hour time in India"
            placeholder={DATE_TIME_PLACEHOLDER}
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
            value={draft[field]}
            error={errors[field]}
            onChange={(e) => set(field, maskDateTimeText(e.target.value))}
          />
        ))}
        <Checkbox label="Primary variant" checked={draft.isVariantPrimary} onChange={(e) => set('isVariantPrimary', e.target.checked)} />
        <Checkbox label="Exclusive" checked={draft.exclusive} onChange={(e) => set('exclusive', e.target.checked)} />
        <Checkbox label="Enabled" checked={draft.isEnabled} onChange={(e) => set('isEnabled', e.target.checked)} />
      </form>
    </Modal>
  );
}
