/** The order endpoint (POST, idempotent) and a customer's own order by id. */
import { Hono } from 'hono';
import type { CustomerDeps, MetricsDeps } from '../context';
import { ApiError, jsonBody, ok } from '../http';
import { OrderInput } from '../inputs';
import { getOrder, orderJson, placeOrder, type PlaceOrderDeps } from '../orders';
import { storeCodeQuery, storeOf } from './cart';

/** What the order routes use: placing an order's parts, the request's customer, the orders counter. */
export type OrderRouteDeps = PlaceOrderDeps & CustomerDeps & { readonly metrics: Pick<MetricsDeps['metrics'], 'orders'> };

export function orderRoutes(ctx: OrderRouteDeps): Hono {
  const r = new Hono();

  // Every order request by outcome (metrics): validation refusals included, so this runs before jsonBody.
  r.post(
    '/',
    async (c, next) => {
      await next();
      const status = c.res.status;
      const outcome = status >= 400 ? 'refused' : c.res.headers.get('X-Order-Replay') ? 'duplicate' : 'accepted';
      ctx.metrics.orders.inc({ outcome, status: String(status) });
    },
    storeCodeQuery(ctx),
    jsonBody(OrderInput),
    async (c) => {
      const customer = await ctx.customerOf(c);
      // The order is quoted in the currency of the store view it was placed in (`storeCode`), as its cart was.
      const { answer, replay } = await placeOrder(ctx, c.req.valid('json'), customer, storeOf(ctx, c));
      if (replay) c.header('X-Order-Replay', '1');
      return ok(c, answer);
    },
  );

  r.get('/:orderId', async (c) => {
    const customer = await ctx.requireCustomer(c);
    const row = await getOrder(ctx, c.req.param('orderId'));
    if (!row) throw new ApiError(404, 'orderId: no such order');
    if (row.customer_id !== customer.id) throw new ApiError(403, 'orderId: this order belongs to another customer');
    return ok(c, orderJson(row));
  });

  return r;
}
