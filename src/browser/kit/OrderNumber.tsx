/**
 * A text naming an order by its number (`Your order number is {id}.`, `Order #{id}`), with the number
 * in the text face: the display face's old-style figures draw a zero as a small "o", so PJ100000002
 * read as "PJ1ooooooo2" in a heading.
 */
import { fillAround } from '../../lib/messages/around';
import './order-number.css';

export function OrderNumber({ text, id }: { text: string; id: string }) {
  const [before, after] = fillAround(text, 'id');
  return (
    <>
      {before}
      <span className="order-number">{id}</span>
      {after}
    </>
  );
}
