import type { Shop } from '#shared/schemas/shops.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { FormField } from './form-field.tsx';

/** The store shown, among the owner's several; one store needs no choice and shows none. */
export function StorePicker({
  shops,
  shop,
  onChoose,
}: {
  shops: readonly Shop[];
  shop: Shop;
  onChoose: (shopId: string) => void;
}) {
  const { t } = useTranslation();
  if (shops.length < 2) return null;
  return (
    <FormField label={t('stores.pickerLabel')} className="form-field store-picker">
      {(control) => (
        <select
          {...control}
          className="switcher-select"
          value={shop.id}
          onChange={(event) => onChoose(event.target.value)}
        >
          {shops.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name ?? candidate.shopDomain}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
