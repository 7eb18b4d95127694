/**
 * One configurable option (spec §4 Configurable product): colour swatches and size buttons, or a
 * select for any other attribute; a value with no variant left is marked unavailable.
 */
import type { CSSProperties } from 'react';
import type { ProductIslandProps } from '../../../lib/build/product-island-props';

export type ConfigurableOptionView = ProductIslandProps['options'][number];

export interface ConfigurableOptionProps {
  option: ConfigurableOptionView;
  /** The chosen value id, if any. */
  chosen: number | undefined;
  available: (valueId: number) => boolean;
  onChoose: (valueId: number) => void;
}

export function ConfigurableOption({ option: o, chosen, available, onChoose }: ConfigurableOptionProps) {
  const current = o.values.find((v) => v.id === chosen);
  return (
    <fieldset className="opt" data-option={o.code}>
      <legend className="opt__legend">
        {o.label}:{' '}
        <span className="opt__current" data-option-current={o.code} suppressHydrationWarning>
          {current?.label ?? ''}
        </span>
      </legend>
      {o.kind === 'generic' ? (
        <select
          className="opt__select"
          name={o.code}
          data-option-code={o.code}
          aria-label={o.label}
          suppressHydrationWarning
          value={chosen ?? ''}
          onChange={(e) => onChoose(Number(e.target.value))}
        >
          {o.values.map((v) => (
            <option key={v.id} value={v.id} disabled={!available(v.id)}>
              {v.label}
            </option>
          ))}
        </select>
      ) : (
        <div className={`opt__values opt__values--${o.kind}`}>
          {o.values.map((v) => (
            <button
              key={v.id}
              type="button"
              className={`${o.kind === 'color' ? 'swatch' : 'size'}${available(v.id) ? '' : ' is-unavailable'}`}
              data-option-code={o.code}
              data-value={v.id}
              data-label={v.label}
              aria-pressed={chosen === v.id ? 'true' : 'false'}
              // The page's no-JS script may mark the address's child before hydration.
              suppressHydrationWarning
              aria-label={o.kind === 'color' ? v.label : `${o.label} ${v.label}`}
              title={v.label}
              style={o.kind === 'color' && v.swatch ? ({ '--swatch-color': v.swatch } as CSSProperties) : undefined}
              onClick={() => onChoose(v.id)}
            >
              {o.kind === 'size' ? v.label : <span className="swatch__dot" aria-hidden="true" />}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
