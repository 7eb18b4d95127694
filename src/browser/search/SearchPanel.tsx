/**
 * The search panel island: a modal dialog opened by the header's search button
 * (`[data-panel="search"]`), results as the shopper types (at least 3 characters, up to 50),
 * each with tile image, name, price and link; an empty state with popular searches and
 * categories; Escape closes, focus stays inside (the one dialog, ../kit/Dialog.tsx), arrow keys move
 * through the results; Enter in the box goes to the results page (/search?q=…) with every match.
 * Open while the `searchpanel` UI flag is; the header's button sets the flag and the island is
 * mounted on demand (src/browser/header/HeaderControls.ts, ../kit/lazy.ts).
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type SubmitEvent as ReactSubmitEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useStore } from '@nanostores/react';
import { config } from '../../lib/config';
import { searchPanelStatus } from '../../lib/search/panel';
import { isSearchTerm } from '../../lib/search/status';
import { $ui, setPanel } from '../../lib/state/stores/ui';
import { messages } from '../../lib/messages';
import { formatPrice as formatMoney } from '../../lib/messages/format';
import { storeViewForPath } from '../../lib/state/stores/store-view';
import { productPrices } from '../../lib/catalog/price';
import { tileImage } from '../../lib/catalog/images';
import { searchUrl } from '../../lib/catalog/urls';
import type { SearchClient } from '../../lib/search/client';
import { pageSearchClient } from '../../lib/search/session';
import { docPrices, docUrl, type SearchHit, type SearchResult } from '../../lib/search/types';
// Inlined and rendered with the panel (a React 19 hoisted <style href precedence>), so no page links the panel's CSS before it opens.
import { Dialog } from '../kit/Dialog';
import { PriceTag } from '../kit/PriceTag';
import panelCss from './SearchPanel.css?inline';

export interface SearchPanelProps {
  /** URL of the index file (default /search-index.json). */
  indexUrl?: string;
  /** A client to use instead of the default one (tests). */
  client?: SearchClient;
}

const TYPE_DELAY_MS = 120;

function ResultPrice({ hit }: { hit: SearchHit }) {
  const prices = productPrices(docPrices(hit));
  if (!(prices.final > 0)) return null;
  // The index holds the page's store prices (its own currency on multistore).
  const store = storeViewForPath(location.pathname);
  return <PriceTag className="sp-price" prices={prices} format={(n) => formatMoney(n, store)} />;
}

/** The search panel (default export, mounted by the header's lazy island). */
export default function SearchPanel({ indexUrl, client: given }: SearchPanelProps) {
  const client = useMemo(() => given ?? pageSearchClient(indexUrl), [given, indexUrl]);
  // The search panel is the `searchpanel` UI flag (§3, §4 Panels): opening it closes the other panels and shows the shared overlay.
  const open = useStore($ui).searchpanel;
  // The header's overlay (when the page has one) darkens the page; else the panel's own does. The
  // panel is mounted in the browser only (src/browser/kit/lazy.ts), so the page is there to ask.
  const [sharedOverlay] = useState(() => typeof document !== 'undefined' && !!document.querySelector('[data-overlay]'));
  const [query, setQuery] = useState('');
  // Below the minimum length nothing is searched: no answer and no progress show.
  const searchable = isSearchTerm(query);
  // The latest answer and the query it answers: a query without its answer yet is loading.
  const [answer, setAnswer] = useState<{ q: string; result: SearchResult } | null>(null);
  const [, setLoaded] = useState(0); // re-render when the suggestions arrive
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const seq = useRef(0);
  const ids = useId();
  const titleId = `${ids}-title`;
  const statusId = `${ids}-status`;
  const listId = `${ids}-results`;

  const close = useCallback(() => {
    if ($ui.get().searchpanel) setPanel('searchpanel', false);
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    // Load the engine and the index now, so results are ready when the third letter is typed.
    void client.preload().then(() => setLoaded((n) => n + 1));
  }, [open, client]);

  // What was typed before this box was there went into the header form's own field (its focus at the
  // button's press, src/browser/header/HeaderControls.ts): the text and the caret move here. After the
  // dialog's own layout effect, which focused the box.
  useLayoutEffect(() => {
    const field = document.querySelector<HTMLInputElement>('#site-header input[name="q"]');
    const box = inputRef.current;
    if (!open || !field?.value || !box) return;
    box.value = field.value;
    box.setSelectionRange(field.selectionStart, field.selectionEnd, field.selectionDirection ?? undefined);
    setQuery(field.value);
    field.value = '';
  }, [open]);

  // Results as the shopper types: debounced, and only the answer to the latest query is shown.
  useEffect(() => {
    if (!searchable) {
      // Too short to search: an answer still on its way is dropped (what shows is derived below).
      seq.current++;
      return;
    }
    const q = query.trim();
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      void client.search(q, { size: config.constants.search.defaultSize, start: 0 }).then((r) => {
        if (mine === seq.current) setAnswer({ q, result: r });
      });
    }, TYPE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, searchable, client]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const onInputKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      const first = links()[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  // Arrow keys, Home and End move through the results; Arrow up from the first goes back to the input.
  const onListKeyDown = (e: ReactKeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = all[Math.min(all.length - 1, at + 1)];
    else if (e.key === 'ArrowUp') next = at === 0 ? (inputRef.current ?? undefined) : all[at - 1];
    else if (e.key === 'Home') next = all[0];
    else if (e.key === 'End') next = all[all.length - 1];
    else return;
    e.preventDefault();
    next?.focus();
  };

  // Enter in the box shows every match on the results page (a result chosen with the arrow keys is a link: Enter opens it).
  const onSubmit = (e: ReactSubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (searchable) window.location.assign(searchUrl(query, { storeCode: storeViewForPath(location.pathname).storeCode }));
  };

  if (!open) return null;

  const shown = searchable ? (answer?.result ?? null) : null;
  const text = searchPanelStatus(query, searchable && answer?.q !== query.trim(), shown);
  const hits = shown?.items ?? [];
  const suggestions = client.suggestions();
  const showSuggestions = !hits.length && (!query.trim() || !!shown?.noresults);

  return (
    <Dialog open panel className="sp-root" labelledBy={titleId} onClose={close} initialFocus={inputRef}>
      <style href="pj-search-panel" precedence="island">
        {panelCss}
      </style>
      <div className={`sp-overlay${sharedOverlay ? ' sp-overlay--clear' : ''}`} onClick={close} aria-hidden="true" />
      <div className="sp-panel">
        <h2 id={titleId} className="visually-hidden">
          {messages.searchLabel}
        </h2>
        <form
          className="sp-form"
          role="search"
          action={searchUrl('', { storeCode: storeViewForPath(location.pathname).storeCode })}
          method="get"
          onSubmit={onSubmit}
        >
          <label htmlFor={`${ids}-q`} className="visually-hidden">
            {messages.searchLabel}
          </label>
          <input
            id={`${ids}-q`}
            name="q"
            ref={inputRef}
            className="sp-input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={messages.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onInputKeyDown}
            aria-describedby={statusId}
            aria-controls={listId}
          />
          <button type="button" className="icon-btn sp-close" onClick={close} aria-label={messages.searchClose}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="1.6" fill="none" />
            </svg>
          </button>
        </form>
        <p id={statusId} className="sp-status" role="status" aria-live="polite">
          {text}
        </p>
        {shown?.noresults && !shown.offline && <p className="sp-help">{messages.searchNoResultsHelp}</p>}
        {/* The arrow keys move between the result links: the list hears the keys of the links inside it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <ul id={listId} className="sp-results" ref={listRef} onKeyDown={onListKeyDown} hidden={!hits.length}>
          {hits.map((hit) => (
            <li key={hit.s}>
              <a className="sp-hit" href={docUrl(hit, query)}>
                {hit.m ? (
                  <img className="sp-hit__img" src={tileImage(hit.m)} alt="" width={62} height={60} loading="lazy" decoding="async" />
                ) : (
                  <span className="sp-hit__img" aria-hidden="true" />
                )}
                <span className="sp-hit__text">
                  <span className="sp-hit__name">{hit.n}</span>
                  <ResultPrice hit={hit} />
                </span>
              </a>
            </li>
          ))}
        </ul>
        {showSuggestions && suggestions && (
          <div className="sp-suggest">
            {suggestions.popular.length > 0 && (
              <section>
                <h3 className="sp-suggest__title">{messages.searchPopular}</h3>
                <ul className="sp-chips chip-list">
                  {suggestions.popular.map((term) => (
                    <li key={term}>
                      <button
                        type="button"
                        className="sp-chip"
                        onClick={() => {
                          setQuery(term);
                          inputRef.current?.focus();
                        }}
                      >
                        {term}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {suggestions.categories.length > 0 && (
              <section>
                <h3 className="sp-suggest__title">{messages.searchCategories}</h3>
                <ul className="sp-cats">
                  {suggestions.categories.map(([label, href]) => (
                    <li key={href}>
                      <a href={href}>{label}</a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
