/**
 * The compare view (spec §3 compare items, §4 "compare list loads on mount"): the products on the
 * compare list side by side with their comparable attributes, each removable; the list can be
 * cleared. Mounted on /compare (noindex).
 */
import { useStore } from '@nanostores/react';
import { messages, fill } from '../../lib/messages';
import { homeUrl } from '../../lib/catalog/urls';
import { asListProduct, compareTable, listImage, listPrices } from '../../lib/catalog/product/summary-view';
import { $compare, clearCompare, removeFromCompare } from '../../lib/state/stores/compare';
import { $storeView } from '../../lib/state/stores/store-view';
import { storeMoney } from '../../lib/catalog/price';
import { PriceTag } from '../kit/PriceTag';
import { useHydrated } from '../kit/use-hydrated';
import './Compare.css';

/** The compare table. */
export default function Compare() {
  const compare = useStore($compare);
  // The list holds catalogue prices: shown in the page's currency, as its product pages show them.
  const money = storeMoney(useStore($storeView).storeCode);
  // The hydrating render is the build's loading line, whatever the list already holds.
  const live = useHydrated();
  if (!live || !compare.loaded) {
    return (
      <p className="muted" role="status">
        {messages.listLoading}
      </p>
    );
  }
  const items = compare.items.map(asListProduct);
  if (items.length === 0) {
    return (
      <div className="cmp-empty" data-compare-empty>
        <p>{messages.compareEmpty}</p>
        <a className="btn btn--ghost" href={homeUrl()}>
          {messages.continueShopping}
        </a>
      </div>
    );
  }
  const rows = compareTable(items);
  return (
    <div className="cmp">
      <div className="cmp__scroll" role="region" aria-label={messages.compareTitle} tabIndex={0}>
        <table className="cmp__table" data-compare-table>
          <caption className="visually-hidden">{messages.compareTitle}</caption>
          <thead>
            <tr>
              <td className="cmp__corner" />
              {items.map((item) => {
                const img = listImage(item);
                return (
                  <th scope="col" key={item.sku} className="cmp__product" data-compare-item={item.sku}>
                    <a className="cmp__link" href={item.url ?? '#'}>
                      {img ? (
                        <img className="cmp__img tile-img" src={img} alt="" width={310} height={300} loading="lazy" decoding="async" />
                      ) : (
                        <span className="cmp__img tile-img" aria-hidden="true" />
                      )}
                      <span className="cmp__name">{item.name}</span>
                      {item.options && <span className="cmp__opts">{item.options}</span>}
                    </a>
                    <button
                      type="button"
                      className="cmp__remove"
                      aria-label={fill(messages.compareRemove, { name: item.name })}
                      onClick={() => removeFromCompare(item)}
                    >
                      {messages.removeItem}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <tr data-compare-row="price">
              <th scope="row">{messages.comparePrice}</th>
              {items.map((item) => {
                const prices = listPrices(item);
                return <td key={item.sku}>{!prices ? messages.notAvailableShort : <PriceTag prices={money.prices(prices)} format={money.format} />}</td>;
              })}
            </tr>
            <tr data-compare-row="sku">
              <th scope="row">{messages.skuLabel}</th>
              {items.map((item) => (
                <td key={item.sku}>{item.sku}</td>
              ))}
            </tr>
            {rows.map((r) => (
              <tr key={r.code} data-compare-row={r.code}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, i) => (
                  <td key={items[i]!.sku}>{v ?? messages.notAvailableShort}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="text-link" onClick={() => clearCompare()}>
        {messages.compareClear}
      </button>
    </div>
  );
}
