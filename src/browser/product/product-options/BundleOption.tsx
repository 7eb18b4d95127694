/**
 * One bundle option (spec §5): its links as radios (one) or checkboxes (several, for checkbox and
 * multi options), "None" first for an optional single choice, each link's price and, when it may
 * change, its quantity.
 */
import { isMultiBundleOption } from '../../../lib/catalog/price';
import { messages } from '../../../lib/messages';
import type { FormProduct, FormState } from '../../../lib/catalog/product/form';
import { bundleLinkPrices, pickBundleLink } from '../../../lib/catalog/product/options-view';
import { FieldError, SmallPrice, useMoney } from './parts';

type BundleChoice = FormState['bundle'][number];

export interface BundleOptionProps {
  option: FormProduct['bundle_options'][number];
  choice: BundleChoice;
  error: string | undefined;
  onChange: (patch: Partial<BundleChoice>) => void;
}

export function BundleOption({ option: b, choice, error, onChange }: BundleOptionProps) {
  const errId = `pf-bundle-${b.option_id}-error`;
  const multi = isMultiBundleOption(b);
  const money = useMoney();
  return (
    <fieldset className="opt bundle" data-bundle-option={b.option_id} aria-describedby={error ? errId : undefined}>
      <legend className="opt__legend">
        {b.title}
        {b.required && (
          <span className="req" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <ul className="linked__list">
        {!b.required && !multi && (
          // An optional single choice can be left out: "None" is a choice like the others.
          <li className="linked__item">
            <label className="choice">
              <input type="radio" name={`bundle[${b.option_id}]`} value="" checked={choice.linkIds.length === 0} onChange={() => onChange({ linkIds: [] })} />
              <span className="linked__name">{messages.optionNone}</span>
            </label>
          </li>
        )}
        {b.product_links.map((l) => {
          const name = l.product?.name ?? l.sku ?? String(l.id);
          const chosen = choice.linkIds.includes(l.id);
          return (
            <li className="linked__item" key={l.id}>
              <label className="choice">
                <input
                  type={multi ? 'checkbox' : 'radio'}
                  name={`bundle[${b.option_id}]`}
                  value={l.id}
                  checked={chosen}
                  aria-invalid={error ? 'true' : undefined}
                  onChange={(e) => onChange({ linkIds: pickBundleLink(choice.linkIds, l.id, e.target.checked, multi) })}
                />
                <span className="linked__name">{name}</span>
              </label>
              <SmallPrice prices={money.prices(bundleLinkPrices(l))} />
              {l.can_change_quantity !== false && (
                <label className="qty qty--sm">
                  <span className="visually-hidden">
                    {messages.quantityLabel}: {name}
                  </span>
                  <input
                    type="number"
                    inputMode="numeric"
                    name={`bundle_qty[${b.option_id}][${l.id}]`}
                    min={0}
                    value={chosen ? String(choice.qty) : '1'}
                    disabled={!chosen}
                    onChange={(e) => onChange({ qty: e.target.value === '' ? ('' as unknown as number) : Number(e.target.value) })}
                  />
                </label>
              )}
            </li>
          );
        })}
      </ul>
      <FieldError id={errId} text={error} />
    </fieldset>
  );
}
