import { API, type DataOf } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';

/** `GET /product/list?enabled_only=true&limit=15`'s data: the deals board (the product list an admin reads aside). */
export type BoardAnswer = Extract<DataOf<typeof API.listProducts>, { sections: unknown }>;

/**
 * A product as the deals board sends it: the spec's fields with prices in rupees, exact paise beside them, and the
 * sale window that applies to it (its own, else its drop's), so a card can count down without knowing about drops.
 */
export type ShopProduct = BoardAnswer['products'][number];

export const DEALS_BOARD_QUERY_KEY = ['deals-board'] as const;

/**
 * How often an open board is read again, so its 'Only N left!' lines and sold-out cards follow the live stock rather
 * than the stock when the page was opened (the dark-pattern rules, decision 0156); also on coming back to the tab.
 */
export const DEALS_BOARD_REFRESH_MS = 15_000;

/** The member's deals board (at most 15 products). Sent with the session so the catalog can personalise it. */
export function useDealsBoard() {
  return useQuery({
    queryKey: DEALS_BOARD_QUERY_KEY,
    retry: false,
    refetchInterval: DEALS_BOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
    queryFn: async ({ signal }): Promise<BoardAnswer> => {
      const envelope = await callOperation(
        API.listProducts,
        { query: { enabled_only: 'true', limit: 15 } },
        { token: readMemberSession().token, signal },
      );
      if (!envelope.data || !('sections' in envelope.data)) throw new Error('Failed to fetch products');
      return envelope.data;
    },
  });
}

/** The other versions of a product (`GET /product/{id}/variants`), for products in a variant group. */
export function useVariants(product: Pick<ShopProduct, 'id' | 'variantGroup'> | undefined) {
  return useQuery({
    queryKey: ['variants', product?.variantGroup, product?.id],
    enabled: Boolean(product?.variantGroup),
    retry: false,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ShopProduct[]> => {
      const envelope = await callOperation(
        API.productVariants,
        { params: { id: product?.id ?? '' } },
        { token: readMemberSession().token, signal },
      );
      // A member's session reads the shoppers' views (an admin's would carry the admin's; the shop has none).
      return (envelope.data?.variants ?? []).filter((variant): variant is ShopProduct => 'saleState' in variant);
    },
  });
}
