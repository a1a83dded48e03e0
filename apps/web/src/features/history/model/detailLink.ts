import { orderDetailSchema } from '@lucky28/shared/schemas';

export type DetailLink = { orderNo: string } | { problem: 'param' | 'format' };

/**
 * The order a /betDetail link names (docs/product.md#money-and-history-screens): `orderNo`, or the order number of the spec's `item`
 * (the whole row as JSON — only its number is used; the order itself is read from the server, so an
 * edited row shows nothing made up). Neither: "parameter error"; an `item` that is not a row with an
 * order number, or a number the server could never have given (`orderDetailSchema`): "data format error".
 */
export function detailLinkOf(params: URLSearchParams): DetailLink {
  let orderNo = params.get('orderNo')?.trim();
  const item = params.get('item');
  if (!orderNo && item === null) return { problem: 'param' };
  if (!orderNo) {
    try {
      const row: unknown = JSON.parse(item!);
      const no = row && typeof row === 'object' ? (row as { orderNo?: unknown }).orderNo : undefined;
      orderNo = typeof no === 'string' || typeof no === 'number' ? String(no).trim() : '';
    } catch {
      orderNo = '';
    }
    if (!orderNo) return { problem: 'format' };
  }
  return orderDetailSchema.safeParse({ order_no: orderNo }).success ? { orderNo } : { problem: 'format' };
}
