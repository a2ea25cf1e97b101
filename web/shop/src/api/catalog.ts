import type { ProductView } from '@elts/contracts';
import { apiRequest, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';

/**
 * A product as the deals board sends it: the spec's fields with prices in rupees, exact paise beside them, and the
 * sale window that applies to it (its own, else its drop's), so a card can count down without knowing about drops.
 */
export type BoardProduct = ProductView & {
  pricePaise?: number;
  amazonPricePaise?: number | null;
  saleState?: 'open' | 'upcoming' | 'ended' | 'unscheduled';
};

/** `GET /product/list?enabled_only=true&limit=15`'s data: `products` is the contract, the rest are additions. */
export interface DealsBoard {
  products: BoardProduct[];
  sections?: Record<string, string[]>;
  personalised?: boolean;
  /** Why a signed-in member got the public board instead of their own. */
  access?: 'subscription_required' | 'early_access_required';
}

export const DEALS_BOARD_QUERY_KEY = ['deals-board'] as const;

/** The member's deals board (at most 15 products). Sent with the session so the catalog can personalise it. */
export function useDealsBoard() {
  return useQuery({
    queryKey: DEALS_BOARD_QUERY_KEY,
    retry: false,
    queryFn: async ({ signal }) => {
      const envelope = await apiRequest<DealsBoard>('/product/list?enabled_only=true&limit=15', {
        token: readMemberSession().token,
        signal,
      });
      if (!envelope.data) throw new Error('Failed to fetch products');
      return envelope.data;
    },
  });
}

/** The other versions of a product (`GET /product/{id}/variants`), for products in a variant group. */
export function useVariants(product: Pick<BoardProduct, 'id' | 'variantGroup'> | undefined) {
  return useQuery({
    queryKey: ['variants', product?.variantGroup, product?.id],
    enabled: Boolean(product?.variantGroup),
    retry: false,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const envelope = await apiRequest<{ variants: BoardProduct[] }>(`/product/${encodeURIComponent(product?.id ?? '')}/variants`, {
        token: readMemberSession().token,
        signal,
      });
      return envelope.data?.variants ?? [];
    },
  });
}
