/**
 * One custom option (spec §4 Option prices): a text field or area, a select, or radios and
 * checkboxes; each value says what it adds to the price.
 */
import { messages, fill } from '../../../lib/messages';
import type { FormProduct, FormState } from '../../../lib/catalog/product/form';
import { customValueChosen, optionExtra, toggleCustomValue } from '../../../lib/catalog/product/options-view';
import { FieldError, RequiredMark, useMoney } from './parts';

type Input = FormState['custom'][number];

export interface CustomOptionProps {
  option: FormProduct['custom_options'][number];
  value: Input;
  error: string | undefined;
  /** The unit's original price (a percent value adds its share of it). */
  unitOriginal: number;
  onChange: (value: Input) => void;
}

export function CustomOption({ option: o, value, error, unitOriginal, onChange }: CustomOptionProps) {
  const id = `pf-co-${o.option_id}`;
  const errId = `${id}-error`;
  const invalid = error ? 'true' : undefined;
  const described = error ? errId : undefined;
  const money = useMoney();
  const extra = (price: unknown, type: 'fixed' | 'percent' | null | undefined) => {
    const amount = optionExtra(price, type, unitOriginal);
    return amount > 0 ? fill(messages.optionPriceAdd, { price: money.format(money.convert(amount)) }) : '';
  };
  const required = o.is_require && <RequiredMark />;

  if (o.type === 'field' || o.type === 'area') {
    const add = o.price ? extra(o.price, o.price_type) : '';
    const common = {
      id,
      name: `custom[${o.option_id}]`,
      maxLength: o.max_characters ?? undefined,
      required: o.is_require,
      'aria-invalid': invalid,
      'aria-describedby': described,
      value: typeof value === 'string' ? value : '',
    } as const;
    return (
      <div className="opt">
        <label className="opt__legend" htmlFor={id}>
          {o.title}
          {add && <span className="opt__extra"> {add}</span>}
          {required}
        </label>
        {o.type === 'area' ? (
          <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
        )}
        <FieldError id={errId} text={error} />
      </div>
    );
  }

  if (o.type === 'drop_down' || o.type === 'select') {
    return (
      <div className="opt">
        <label className="opt__legend" htmlFor={id}>
          {o.title}
          {required}
        </label>
        <select
          id={id}
          name={`custom[${o.option_id}]`}
          required={o.is_require}
          aria-invalid={invalid}
          aria-describedby={described}
          value={value === '' || value === undefined || value === null || value === false ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <option value="">{o.is_require ? messages.optionChoose : messages.optionNone}</option>
          {o.values.map((v) => {
            const add = extra(v.price, v.price_type);
            return (
              <option key={v.option_type_id} value={v.option_type_id}>
                {v.title}
                {add ? ` ${add}` : ''}
              </option>
            );
          })}
        </select>
        <FieldError id={errId} text={error} />
      </div>
    );
  }

  return (
    <fieldset className="opt" aria-describedby={described}>
      <legend className="opt__legend">
        {o.title}
        {required}
      </legend>
      {o.values.map((v) => {
        const add = extra(v.price, v.price_type);
        return (
          <label className="choice" key={v.option_type_id}>
            <input
              type={o.type === 'radio' ? 'radio' : 'checkbox'}
              name={`custom[${o.option_id}]`}
              value={v.option_type_id}
              checked={customValueChosen(o, value, v.option_type_id)}
              aria-invalid={invalid}
              onChange={(e) => onChange(o.type === 'radio' ? v.option_type_id : toggleCustomValue(o, value, v.option_type_id, e.target.checked))}
            />
            <span>{v.title}</span>
            {add && <span className="opt__extra">{add}</span>}
          </label>
        );
      })}
      <FieldError id={errId} text={error} />
    </fieldset>
  );
}
