/**
 * Product options and add to cart (spec §2 product page, §4 Configurable product and Option prices,
 * §5, §8): rendered on the server (the form a page without JavaScript shows) and, once hydrated, live: size and
 * colour choices reconfigure the product (the wrong-attributes notice when a choice has no variant;
 * the child's URL replaces the address when configured), custom and bundle options with their
 * defaults and required checks, the price following every choice, and the add-to-cart checks with
 * the §8 texts. The rules are in src/lib/catalog/product/form.ts and src/lib/catalog/product/options-view.ts, each
 * option type's fields in ./product-options/; stock checks in src/lib/state/stores/live-stock.ts, the customer
 * group in src/lib/state/stores/customer-group.ts, the add (and its data-layer event) in
 * src/lib/catalog/product/add-to-cart.ts; the page start (recording the view, waking this island when its
 * static HTML is wrong for the shopper) in src/lib/catalog/product/page-start.ts.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { messages } from '../../lib/messages';
import { childSkuFromUrl } from '../../lib/catalog/product/child-url';
import { childUrl } from '../../lib/catalog/urls';
import {
  chooseOption,
  chosenChild,
  initialFormState,
  optionValueAvailable,
  shownPrices,
  type FormErrors,
  type FormState,
} from '../../lib/catalog/product/form';
import { checkAdd } from '../../lib/catalog/product/form-add';
import { chosenListProduct } from '../../lib/catalog/product/list-entry';
import type { ProductIslandProps } from '../../lib/build/product-island-props';
import { productPrices } from '../../lib/catalog/price';
import { addLinesToCart } from '../../lib/catalog/product/add-to-cart';
import { brandOf, sortedCustomOptions } from '../../lib/catalog/product/options-view';
import { $customerGroup, onCustomerGroupRefresh } from '../../lib/state/stores/customer-group';
import { notify, removeNotification } from '../../lib/state/stores/notifications';
import { $liveStock, $stockPending, checkStock, type LiveStock } from '../../lib/state/stores/live-stock';
import { AddToCartButton, ListToggles, useHydrated } from './AddToCart';
import { PriceTag } from '../kit/PriceTag';
import { BundleOption } from './product-options/BundleOption';
import { ConfigurableOption } from './product-options/ConfigurableOption';
import { CustomOption } from './product-options/CustomOption';
import { GroupedProducts } from './product-options/GroupedProducts';
import { MoneyProvider } from './product-options/parts';
import { storeMoney } from '../../lib/catalog/price';
import './ProductOptions.css';

export type ProductOptionsProps = ProductIslandProps;

/** The island: rendered at build time (the page without JavaScript), hydrated in place. */
export default function ProductOptions(props: ProductOptionsProps) {
  const live = useHydrated();
  return (
    <div className="pf" data-live={live ? 'true' : undefined}>
      <ProductForm {...props} />
    </div>
  );
}

const noBundleChoice = { linkIds: [], qty: 1 };

function ProductForm({ product: p, options, grouped, urls, pushChildUrl, summary, sizeGuideHref, money: moneyOf }: ProductIslandProps) {
  // The build-time state first (hydration matches the HTML), then the child the address names.
  const [state, setState] = useState<FormState>(() => initialFormState(p, { grouped }));
  const [errors, setErrors] = useState<FormErrors>({ custom: {}, bundle: {} });
  const [productError, setProductError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [priceHost, setPriceHost] = useState<HTMLElement | null>(null);
  // Live: the chosen child's picture is named for the gallery (src/browser/product/gallery.ts); not in the static HTML.
  const live = useHydrated();
  const liveStock = useStore($liveStock);
  const pending = useStore($stockPending);
  // Group price tiers (§6, when switched on): the shopper's customer group, known once the session is read.
  const group = useStore($customerGroup);
  const tier = group === null ? undefined : { groupId: group };
  const userChanged = useRef(false);

  const child = chosenChild(p, state);
  const sku = child?.sku ?? p.sku;
  // Amounts in the page's store view's currency (the catalogue's converted at its rate), as the build priced the page.
  const money = useMemo(() => storeMoney(moneyOf?.storeCode, moneyOf?.rate ?? 1), [moneyOf?.storeCode, moneyOf?.rate]);
  const prices = useMemo(() => money.prices(shownPrices(p, state, new Date(), group === null ? undefined : { groupId: group })), [money, p, state, group]);
  // The regular price does not depend on the date (the special price does), so build and browser agree.
  const unitOriginal = useMemo(() => productPrices(child ?? p).original, [p, child]);
  const stock = liveStock[sku] ?? (child ? child.stock : p.stock);

  // The page's price box and sku follow the form.
  useEffect(() => {
    const childSku = p.type_id === 'configurable' ? childSkuFromUrl(p, location.pathname, location.search) : null;
    // After hydration (the first render must match the build's HTML): the child the address names.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once, in the browser only
    if (childSku) setState((s) => (s.childSku === childSku ? s : { ...initialFormState(p, { childSku, grouped }), custom: s.custom, qty: s.qty }));
    const host = document.querySelector<HTMLElement>('[data-product-price]');
    if (host) {
      host.replaceChildren();
      setPriceHost(host);
    }
    // Once, when the island starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // With price tiers on, login and logout re-price the page for the shopper's group (the store) and
  // check the stock of what is chosen again, past the stock cache (§4).
  const recheckChosen = useEffectEvent(() => {
    const now = chosenChild(p, state);
    void checkStock({ sku: now?.sku ?? p.sku, id: now?.id ?? p.id }, false);
  });
  useEffect(() => onCustomerGroupRefresh(() => recheckChosen()), []);

  useEffect(() => {
    const el = document.querySelector('[data-sku-text]');
    if (el && el.textContent !== sku) el.textContent = sku;
    if (!child || !userChanged.current) return;
    if (pushChildUrl && urls.child) {
      const next = new URL(childUrl(urls.child, child.sku), location.href);
      if (next.pathname + next.search !== location.pathname + location.search)
        history.replaceState(history.state, '', next.pathname + next.search + location.hash);
    }
  }, [sku, child, pushChildUrl, urls]);

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
    if (c && c.sku !== child?.sku && liveStock[c.sku] === undefined) void checkStock(c);
  };

  const setCustom = (id: number, value: FormState['custom'][number]) => {
    update({ ...state, custom: { ...state.custom, [id]: value } });
    if (errors.custom[id]) setErrors({ ...errors, custom: { ...errors.custom, [id]: '' } });
  };

  const setBundle = (id: number, patch: Partial<FormState['bundle'][number]>) => {
    const cur = state.bundle[id] ?? noBundleChoice;
    update({ ...state, bundle: { ...state.bundle, [id]: { ...cur, ...patch } } });
    if (errors.bundle[id]) setErrors({ ...errors, bundle: { ...errors.bundle, [id]: '' } });
  };

  // After a refused add has drawn its messages: the first field at fault takes the focus, in the middle
  // of the screen (clear of the phone's add-to-bag bar), else the form's message comes into view.
  const showFault = useRef(false);
  useEffect(() => {
    if (!showFault.current) return;
    showFault.current = false;
    const fault = document.querySelector<HTMLElement>('.pf [aria-invalid="true"]') ?? document.querySelector<HTMLElement>('[data-product-error]');
    if (!fault) return;
    if (fault.matches('[aria-invalid="true"]')) fault.focus({ preventScroll: true });
    fault.scrollIntoView({ block: 'center' });
  });

  const add = async () => {
    // What the page opened with (the address's child, the default one, a simple product) has not been
    // checked as a choice would be: its stock is asked for now, so a sold-out one is refused here, not
    // at the order. Unanswered (offline), the build's stock stands.
    const wasPending = !!pending[sku];
    let live: LiveStock | null = liveStock[sku] ?? null;
    if (!live && !wasPending && (p.type_id === 'simple' || p.type_id === 'configurable')) {
      setBusy(true);
      live = await checkStock({ sku, id: child?.id ?? p.id });
      setBusy(false);
    }
    const check = checkAdd(p, state, { stockPending: wasPending, stock: live, urls, tier }, grouped);
    if (!check.ok) {
      setErrors(check.errors);
      setProductError(check.message);
      dropRefusal();
      refusal.current =
        notify({ type: check.message === messages.stockCheckInProgress ? 'warning' : 'error', message: check.message, action1: { label: messages.ok } })?.id ??
        null;
      showFault.current = true;
      return;
    }
    setErrors({ custom: {}, bundle: {} });
    setProductError(null);
    dropRefusal();
    setBusy(true);
    await addLinesToCart(check.lines, { categoryPath: urls.product, brand: brandOf(summary) });
    setBusy(false);
  };

  const customOptions = sortedCustomOptions(p);
  const outOfStock = stock ? !stock.is_in_stock : false;

  return (
    <MoneyProvider value={money}>
      <form
        className="options"
        data-product-form
        data-product-id={p.id}
        data-product-sku={p.sku}
        data-type={p.type_id}
        data-child-sku={child?.sku}
        data-child-image={live && child?.image ? child.image : undefined}
        suppressHydrationWarning
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        {priceHost && p.type_id !== 'grouped' && createPortal(<PriceTag block size="lg" prices={prices} format={money.format} />, priceHost)}

        {options.map((o) => (
          <ConfigurableOption
            key={o.code}
            option={o}
            chosen={state.selection[o.code]}
            available={(v) => optionValueAvailable(p, state, o.code, v)}
            onChoose={(v) => choose(o.code, v)}
          />
        ))}
        {sizeGuideHref && (
          <a className="size-guide" href={sizeGuideHref} data-size-guide role="button">
            {messages.sizeGuide}
          </a>
        )}

        {grouped.length > 0 && (
          <GroupedProducts
            items={grouped}
            qty={state.grouped}
            errors={errors.grouped}
            onQty={(s, qty) => update({ ...state, grouped: { ...state.grouped, [s]: qty } })}
          />
        )}

        {p.type_id === 'bundle' &&
          p.bundle_options.map((b) => (
            <BundleOption
              key={b.option_id}
              option={b}
              choice={state.bundle[b.option_id] ?? noBundleChoice}
              error={errors.bundle[b.option_id]}
              onChange={(patch) => setBundle(b.option_id, patch)}
            />
          ))}

        {customOptions.length > 0 && (
          <div className="custom" data-custom-options>
            <p className="custom__title">{messages.customOptionsTitle}</p>
            {customOptions.map((o) => (
              <CustomOption
                key={o.option_id}
                option={o}
                value={state.custom[o.option_id]}
                error={errors.custom[o.option_id]}
                unitOriginal={unitOriginal}
                onChange={(v) => setCustom(o.option_id, v)}
              />
            ))}
          </div>
        )}

        {child && outOfStock && (
          <p className="pf-stock alert" role="status">
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
          <p className="pf-error alert" data-product-error>
            {productError}
          </p>
        )}
        <ListToggles product={chosenListProduct(summary, p, state, urls.child)} />
      </form>
    </MoneyProvider>
  );
}
