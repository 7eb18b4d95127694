/**
 * The bag's question before a line goes (§9 Cart: "Are you sure you would like to remove this item
 * from the shopping cart?"), shown under the line itself in the mini-cart and at checkout: the focus
 * goes to the answer that removes it; "Cancel" closes the question and gives the focus back to the
 * control that asked (`back`). The shop's own question, never the browser's `confirm()`, which blocks
 * the page and cannot be styled or read in the shop's words by every engine alike.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { messages } from '../../lib/messages';
import './confirm.css';

export function ConfirmRemove({ onYes, onCancel, back }: { onYes: () => void; onCancel: () => void; back?: RefObject<HTMLElement | null> }) {
  const id = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  const cancel = () => {
    onCancel();
    back?.current?.focus();
  };
  return (
    <div className="hp-confirm" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{messages.confirmRemoveFromCart}</p>
      <div className="hp-confirm__actions">
        <button type="button" className="btn" ref={yes} onClick={onYes}>
          {messages.confirmRemoveYes}
        </button>
        <button type="button" className="btn btn--ghost" onClick={cancel}>
          {messages.cancel}
        </button>
      </div>
    </div>
  );
}
