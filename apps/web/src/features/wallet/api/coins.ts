import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CoinExchangeBody,
  CoinExchangeReply,
  CoinInfoPage,
  CoinRuleRow,
  CoinRuleUpdateBody,
  CoinsPage,
} from '@xr/contract/wallet';
import { http } from '../../../lib/http';

const KEY = ['coins'] as const;

/** GET /user/get_user_coins_page: the coin history and balance. */
export function useCoinsPage(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, 'history', params],
    queryFn: ({ signal }) => http.get<CoinsPage>('/user/get_user_coins_page', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/user_get_coin_info_page: my exchanges with the rates and the daily limit. */
export function useCoinInfoPage(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, 'exchanges', params],
    queryFn: ({ signal }) => http.get<CoinInfoPage>('/user/user_get_coin_info_page', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /user/coin_exchange: the body carries the click's idempotency key. */
export function useCoinExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CoinExchangeBody) => http.post<CoinExchangeReply>('/user/coin_exchange', body),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** GET /wallet/coin_rules (administrators). */
export function useCoinRules(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'rules'],
    queryFn: ({ signal }) => http.get<CoinRuleRow[]>('/wallet/coin_rules', undefined, { signal }),
    enabled,
  });
}

/** POST /wallet/coin_rule_update (administrators). */
export function useUpdateCoinRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CoinRuleUpdateBody) => http.post<CoinRuleRow>('/wallet/coin_rule_update', body),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
