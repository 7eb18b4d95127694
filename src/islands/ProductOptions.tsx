/**
 * Product options and add to cart (spec §2 product page, §4 Configurable product and Option prices,
 * §5, §8): rendered on the server (the form a page without JavaScript shows) and, once hydrated, live: size and
 * colour choices reconfigure the product (the wrong-attributes notice when a choice has no variant;
 * the child's URL replaces the address when configured), custom and bundle options with their
 * defaults and required checks, the price following every choice, and the add-to-cart checks with
 * the §8 texts. The rules are in src/lib/product-form.ts; the page start (recording the view, waking this
 * island when its static HTML is wrong for the shopper) in src/lib/product/page-start.ts.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { config } from '../lib/config';
import { formatPrice } from '../lib/format';
import { messages, t } from '../lib/messages';
import {
  checkAdd,
  childSkuFromUrl,
  chooseOption,
  chosenChild,
  initialFormState,
  optionValueAvailable,
  shownPrices,
  type FormErrors,
  type FormState,
} from '../lib/product-form';
import type { ProductIslandProps } from '../lib/product-island-props';
import type { ProductPrices } from '../lib/catalog/price';
import { optionValuePrice } from '../lib/catalog/options';
import { CUSTOMER_GROUPS, isMultiBundleOption, productPrices } from '../lib/catalog/price';
import { notify, removeNotification } from '../lib/stores/notifications';
import { trackAddToCart } from '../lib/datalayer';
import { setStock } from '../lib/stores/stock';
import { AddToCartButton, ListToggles, useHydrated } from './AddToCart';
import { PriceTag } from './PriceTag';
import './ProductOptions.css';

export type ProductOptionsProps = ProductIslandProps;

type LiveStock = Record<string, { is_in_stock: boolean; qty: number }>;

/** The island: rendered at build time (the page without JavaScript), hydrated in place. */
export default function ProductOptions(props: ProductOptionsProps) {
  const live = useHydrated();
  return (
    <div className="pf" data-live={live ? 'true' : undefined}>
      <ProductForm {...props} />
    </div>
  );
}

const money = (n: number) => formatPrice(n);

/** The product's brand in words, from its comparable attributes. */
const brandOf = (summary: ProductOptionsProps['summary']) => summary.compare?.find((r) => r.code === 'brand' || r.code === 'pj_brand')?.value ?? null;

/** The price on the page ([data-product-price]), following the choices. */
function LivePrice({ prices }: { prices: ProductPrices }) {
  return <PriceTag as="p" className="price price--lg" prices={prices} format={money} />;
}

function SmallPrice({ prices }: { prices: ProductPrices }) {
  return <PriceTag className="pf-small-price" prices={prices} format={money} />;
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p className="opt__error" id={id}>
      {text}
    </p>
  );
}

/** Live stock of a sku (stock/check, loaded on demand), remembered in the stock cache by id; null when it cannot be checked. */
async function fetchStock(sku: string, id: number): Promise<{ is_in_stock: boolean; qty: number } | null> {
  try {
    const { api } = await import('../lib/api');
    const r = await api.stock.check(sku);
    if (!r.ok) return null;
    const entry = { is_in_stock: r.result.is_in_stock, qty: r.result.qty };
    setStock(id, entry);
    return entry;
  } catch {
    return null;
  }
}

function ProductForm({ product: p, options, grouped, urls, pushChildUrl, summary, sizeGuideHref }: ProductIslandProps) {
  // The build-time state first (hydration matches the HTML), then the child the address names.
  const [state, setState] = useState<FormState>(() => initialFormState(p, { grouped }));
  const [errors, setErrors] = useState<FormErrors>({ custom: {}, bundle: {} });
  const [productError, setProductError] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const [liveStock, setLiveStock] = useState<LiveStock>({});
  const [busy, setBusy] = useState(false);
  const [priceHost, setPriceHost] = useState<HTMLElement | null>(null);
  const userChanged = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  // Group price tiers (§6, when switched on): the shopper's customer group, known once the session is read.
  const [group, setGroup] = useState<number | null>(null);
  const tier = group === null ? undefined : { groupId: group };

  const child = chosenChild(p, state);
  const sku = child?.sku ?? p.sku;
  const prices = useMemo(() => shownPrices(p, state, new Date(), tier), [p, state, group]);
  // The regular price does not depend on the date (the special price does), so build and browser agree.
  const unitOriginal = useMemo(() => productPrices(child ?? p).original, [p, child]);
  const stock = liveStock[sku] ?? (child ? child.stock : p.stock);

  // The page's price box and sku follow the form.
  useEffect(() => {
    const childSku = p.type_id === 'configurable' ? childSkuFromUrl(p, location.pathname, location.search) : null;
    if (childSku) setState((s) => (s.childSku === childSku ? s : { ...initialFormState(p, { childSku, grouped }), custom: s.custom, qty: s.qty }));
    const host = document.querySelector<HTMLElement>('[data-product-price]');
    if (host) {
      host.replaceChildren();
      setPriceHost(host);
    }
    // Once, when the island starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // With price tiers on, login and logout re-price the page for the shopper's group and check the stock
  // again, past the stock cache (§4: prices refresh and the product reloads skipping the cache).
  useEffect(() => {
    if (!config.switches.usePriceTiers) return;
    let stop = () => {};
    let live = true;
    void Promise.all([import('../lib/stores/user'), import('../lib/sync/events'), import('../lib/account/session')]).then(([users, events, session]) => {
      if (!live) return;
      const apply = () => {
        const u = users.$user.get();
        setGroup(u.token ? (u.current?.group_id ?? CUSTOMER_GROUPS.customer) : CUSTOMER_GROUPS.guest);
      };
      void users.loadUser().then(apply);
      stop = events.onSyncEvent(session.PRICE_TIERS_REFRESH_EVENT, () => {
        apply();
        const now = chosenChild(p, stateRef.current);
        void fetchStock(now?.sku ?? p.sku, now?.id ?? p.id).then((entry) => entry && setLiveStock((s) => ({ ...s, [now?.sku ?? p.sku]: entry })));
      });
    });
    return () => {
      live = false;
      stop();
    };
    // Once, when the island starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = document.querySelector('[data-sku-text]');
    if (el && el.textContent !== sku) el.textContent = sku;
    if (!child || !userChanged.current) return;
    if (pushChildUrl && urls.children[child.sku]) {
      const next = new URL(urls.children[child.sku]!, location.href);
      if (next.pathname + next.search !== location.pathname + location.search) history.replaceState(history.state, '', next.pathname + next.search + location.hash);
    }
  }, [sku, child, pushChildUrl, urls]);

  const runStockCheck = (target: { sku: string; id: number }) => {
    setPending((x) => ({ ...x, [target.sku]: true }));
    void fetchStock(target.sku, target.id).then((entry) => {
      if (entry) setLiveStock((x) => ({ ...x, [target.sku]: entry }));
      setPending((x) => ({ ...x, [target.sku]: false }));
    });
  };

  // The refusal toast of the last add: once the shopper changes what it was about, it goes (§4 Notification).
  const refusal = useRef<number | null>(null);
  const dropRefusal = () => {
    if (refusal.current !== null) removeNotification(refusal.current);
    refusal.current = null;
  };

  const update = (next: FormState) => {
    setState(next);
    setProductError(null);
    dropRefusal();
  };

  const choose = (code: string, value: number) => {
    const r = chooseOption(p, state, code, value);
    if (r.notice) {
      notify({ type: 'warning', message: r.notice });
      setProductError(r.notice);
      return;
    }
    userChanged.current = true;
    update(r.state);
    const c = chosenChild(p, r.state);
    if (c && c.sku !== child?.sku && liveStock[c.sku] === undefined) runStockCheck(c);
  };

  const setCustom = (id: number, value: FormState['custom'][number]) => {
    update({ ...state, custom: { ...state.custom, [id]: value } });
    if (errors.custom[id]) setErrors({ ...errors, custom: { ...errors.custom, [id]: '' } });
  };

  const setBundle = (id: number, patch: Partial<FormState['bundle'][number]>) => {
    const cur = state.bundle[id] ?? { linkIds: [], qty: 1 };
    update({ ...state, bundle: { ...state.bundle, [id]: { ...cur, ...patch } } });
    if (errors.bundle[id]) setErrors({ ...errors, bundle: { ...errors.bundle, [id]: '' } });
  };

  const add = async () => {
    const check = checkAdd(p, state, { stockPending: !!pending[sku], stock: liveStock[sku] ?? null, urls, tier }, grouped);
    if (!check.ok) {
      setErrors(check.errors);
      setProductError(check.message);
      dropRefusal();
      refusal.current = notify({ type: check.message === messages.stockCheckInProgress ? 'warning' : 'error', message: check.message, action1: { label: messages.ok } })?.id ?? null;
      const first = document.querySelector<HTMLElement>('.pf [aria-invalid="true"]');
      first?.focus();
      return;
    }
    setErrors({ custom: {}, bundle: {} });
    setProductError(null);
    dropRefusal();
    setBusy(true);
    try {
      const { addToCart } = await import('../lib/stores/cart');
      for (const line of check.lines) {
        // The data layer hears of each line the cart took (§ data layer: add-to-cart event).
        const { sku: lineSku, name, price, qty } = line as { sku: string; name?: string | null; price?: number | null; qty?: number };
        if (addToCart(line)) trackAddToCart({ sku: lineSku, name, price, qty, categoryPath: urls.product, brand: brandOf(summary) });
      }
    } catch (err) {
      console.error('The cart could not be loaded', err);
      notify({ type: 'error', message: messages.somethingWrong, action1: { label: messages.ok } });
    } finally {
      setBusy(false);
    }
  };

  const customOptions = [...p.custom_options].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
  const extra = (price: unknown, type: 'fixed' | 'percent' | null | undefined) => {
    const amount = optionValuePrice({ price: Number(price ?? 0), price_type: type ?? 'fixed' }, unitOriginal);
    return amount > 0 ? t('optionPriceAdd', { price: money(amount) }) : '';
  };
  const outOfStock = stock ? !stock.is_in_stock : false;

  return (
    <form
      className="options"
      data-product-form
      data-product-id={p.id}
      data-product-sku={p.sku}
      data-type={p.type_id}
      data-child-sku={child?.sku}
      suppressHydrationWarning
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      {priceHost && p.type_id !== 'grouped' && createPortal(<LivePrice prices={prices} />, priceHost)}

      {options.map((o) => {
        const current = o.values.find((v) => v.id === state.selection[o.code]);
        return (
          <fieldset className="opt" data-option={o.code} key={o.code}>
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
                value={state.selection[o.code] ?? ''}
                onChange={(e) => choose(o.code, Number(e.target.value))}
              >
                {o.values.map((v) => (
                  <option key={v.id} value={v.id} disabled={!optionValueAvailable(p, state, o.code, v.id)}>
                    {v.label}
                  </option>
                ))}
              </select>
            ) : (
              <div className={`opt__values opt__values--${o.kind}`}>
                {o.values.map((v) => {
                  const available = optionValueAvailable(p, state, o.code, v.id);
                  const pressed = state.selection[o.code] === v.id;
                  return (
                    <button
                      key={v.id}
                      type="button"
                      className={`${o.kind === 'color' ? 'swatch' : 'size'}${available ? '' : ' is-unavailable'}`}
                      data-option-code={o.code}
                      data-value={v.id}
                      data-label={v.label}
                      aria-pressed={pressed ? 'true' : 'false'}
                      // The page's no-JS script may mark the address's child before hydration.
                      suppressHydrationWarning
                      aria-label={o.kind === 'color' ? v.label : `${o.label} ${v.label}`}
                      title={v.label}
                      style={o.kind === 'color' && v.swatch ? ({ '--swatch-color': v.swatch } as CSSProperties) : undefined}
                      onClick={() => choose(o.code, v.id)}
                    >
                      {o.kind === 'size' ? v.label : <span className="swatch__dot" aria-hidden="true" />}
                    </button>
                  );
                })}
              </div>
            )}
          </fieldset>
        );
      })}
      {sizeGuideHref && (
        <a className="size-guide" href={sizeGuideHref} data-size-guide role="button">
          {messages.sizeGuide}
        </a>
      )}

      {grouped.length > 0 && (
        <fieldset className="opt linked" data-grouped>
          <legend className="opt__legend">{messages.groupedTitle}</legend>
          <ul className="linked__list">
            {grouped.map((g) => {
              const err = errors.grouped?.[g.product.sku];
              const errId = `pf-grouped-${g.product.id}-error`;
              return (
                <li className="linked__item" data-linked-sku={g.product.sku} key={g.product.sku}>
                  <span className="linked__name">{g.href ? <a href={g.href}>{g.product.name}</a> : g.product.name}</span>
                  <p className="price price--sm">
                    <SmallPrice prices={g.prices} />
                  </p>
                  <label className="qty qty--sm">
                    <span className="visually-hidden">
                      {messages.quantityLabel}: {g.product.name}
                    </span>
                    <input
                      type="number"
                      inputMode="numeric"
                      name={`grouped[${g.product.id}]`}
                      min={0}
                      value={state.grouped[g.product.sku] ?? ''}
                      data-grouped-qty={g.product.sku}
                      aria-invalid={err ? 'true' : undefined}
                      aria-describedby={err ? errId : undefined}
                      onChange={(e) => update({ ...state, grouped: { ...state.grouped, [g.product.sku]: e.target.value } })}
                    />
                  </label>
                  <FieldError id={errId} text={err} />
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {p.type_id === 'bundle' &&
        p.bundle_options.map((b) => {
          const choice = state.bundle[b.option_id] ?? { linkIds: [], qty: 1 };
          const err = errors.bundle[b.option_id];
          const errId = `pf-bundle-${b.option_id}-error`;
          // The option's type from the data: checkbox and multi take several links, radio and select one.
          const multi = isMultiBundleOption(b);
          const pick = (id: number, on: boolean) =>
            setBundle(b.option_id, { linkIds: multi ? (on ? [...choice.linkIds.filter((x) => x !== id), id] : choice.linkIds.filter((x) => x !== id)) : on ? [id] : [] });
          return (
            <fieldset className="opt bundle" data-bundle-option={b.option_id} key={b.option_id} aria-describedby={err ? errId : undefined}>
              <legend className="opt__legend">
                {b.title}
                {b.required && <span className="req" aria-hidden="true"> *</span>}
              </legend>
              <ul className="linked__list">
                {!b.required && !multi && (
                  // An optional single choice can be left out: "None" is a choice like the others.
                  <li className="linked__item">
                    <label className="choice">
                      <input type="radio" name={`bundle[${b.option_id}]`} value="" checked={choice.linkIds.length === 0} onChange={() => setBundle(b.option_id, { linkIds: [] })} />
                      <span className="linked__name">{messages.optionNone}</span>
                    </label>
                  </li>
                )}
                {b.product_links.map((l) => {
                  const name = l.product?.name ?? l.sku ?? String(l.id);
                  const chosen = choice.linkIds.includes(l.id);
                  const linkPrices = l.product
                    ? productPrices({ price: l.product.price, special_price: l.product.special_price, special_from_date: l.product.special_from_date, special_to_date: l.product.special_to_date })
                    : { original: Number(l.price ?? 0), special: null, final: Number(l.price ?? 0) };
                  return (
                    <li className="linked__item" key={l.id}>
                      <label className="choice">
                        <input
                          type={multi ? 'checkbox' : 'radio'}
                          name={`bundle[${b.option_id}]`}
                          value={l.id}
                          checked={chosen}
                          aria-invalid={err ? 'true' : undefined}
                          onChange={(e) => pick(l.id, e.target.checked)}
                        />
                        <span className="linked__name">{name}</span>
                      </label>
                      <p className="price price--sm">
                        <SmallPrice prices={linkPrices} />
                      </p>
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
                            onChange={(e) => setBundle(b.option_id, { qty: e.target.value === '' ? ('' as unknown as number) : Number(e.target.value) })}
                          />
                        </label>
                      )}
                    </li>
                  );
                })}
              </ul>
              <FieldError id={errId} text={err} />
            </fieldset>
          );
        })}

      {customOptions.length > 0 && (
        <div className="custom" data-custom-options>
          <p className="custom__title">{messages.customOptionsTitle}</p>
          {customOptions.map((o) => {
            const id = `pf-co-${o.option_id}`;
            const err = errors.custom[o.option_id];
            const errId = `${id}-error`;
            const invalid = err ? 'true' : undefined;
            const described = err ? errId : undefined;
            const value = state.custom[o.option_id];
            const required = o.is_require && (
              <span className="req" aria-hidden="true">
                {' '}
                *
              </span>
            );
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
                <div className="opt" key={o.option_id}>
                  <label className="opt__legend" htmlFor={id}>
                    {o.title}
                    {add && <span className="opt__extra"> {add}</span>}
                    {required}
                  </label>
                  {o.type === 'area' ? (
                    <textarea {...common} rows={3} onChange={(e) => setCustom(o.option_id, e.target.value)} />
                  ) : (
                    <input {...common} type="text" onChange={(e) => setCustom(o.option_id, e.target.value)} />
                  )}
                  <FieldError id={errId} text={err} />
                </div>
              );
            }
            if (o.type === 'drop_down' || o.type === 'select') {
              return (
                <div className="opt" key={o.option_id}>
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
                    onChange={(e) => setCustom(o.option_id, e.target.value === '' ? '' : Number(e.target.value))}
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
                  <FieldError id={errId} text={err} />
                </div>
              );
            }
            const chosen = (v: number) =>
              o.type === 'radio' ? Number(value) === v : value === true ? v === o.values[0]?.option_type_id : Array.isArray(value) && value.includes(v);
            return (
              <fieldset className="opt" key={o.option_id} aria-describedby={described}>
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
                        checked={chosen(v.option_type_id)}
                        aria-invalid={invalid}
                        onChange={(e) => {
                          if (o.type === 'radio') return setCustom(o.option_id, v.option_type_id);
                          const now = value === true ? [o.values[0]!.option_type_id] : Array.isArray(value) ? value : [];
                          const next = e.target.checked ? [...now, v.option_type_id] : now.filter((x) => x !== v.option_type_id);
                          setCustom(o.option_id, next.length ? next : false);
                        }}
                      />
                      <span>{v.title}</span>
                      {add && <span className="opt__extra">{add}</span>}
                    </label>
                  );
                })}
                <FieldError id={errId} text={err} />
              </fieldset>
            );
          })}
        </div>
      )}

      {child && outOfStock && (
        <p className="pf-stock" role="status">
          {messages.productOutOfStock}
        </p>
      )}
      {pending[sku] && (
        <p className="pf-checking" role="status">
          {messages.stockChecking}
        </p>
      )}

      <AddToCartButton
        showQty={p.type_id !== 'grouped'}
        qty={state.qty}
        qtyError={errors.qty}
        busy={busy}
        onQty={(qty) => {
          update({ ...state, qty });
          if (errors.qty) setErrors({ ...errors, qty: undefined });
        }}
      />
      {productError && (
        <p className="pf-error" data-product-error>
          {productError}
        </p>
      )}
      <ListToggles product={summary} />
    </form>
  );
}
