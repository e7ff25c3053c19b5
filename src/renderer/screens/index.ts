import type { ComponentType } from 'react';
import type { ScreenName } from '../../shared/screens';
import type { Route } from '../router';
import { AfterSalesScreen } from './AfterSales/AfterSalesScreen';
import { AttentionScreen } from './Attention/AttentionScreen';
import { BuyersScreen } from './Buyers/BuyersScreen';
import { HomeScreen } from './Home/HomeScreen';
import { InsightsScreen } from './Insights/InsightsScreen';
import { OrderDetailScreen } from './OrderDetail/OrderDetailScreen';
import { OrdersScreen } from './Orders/OrdersScreen';
import { SettingsScreen } from './Settings/SettingsScreen';

/** Which component shows each screen of the table (src/shared/screens.ts); each gets the whole route. */
export const screenComponents: Record<ScreenName, ComponentType<{ route: Route }>> = {
  home: HomeScreen,
  insights: InsightsScreen,
  orders: OrdersScreen,
  order: OrderDetailScreen,
  attention: AttentionScreen,
  'after-sales': AfterSalesScreen,
  buyers: BuyersScreen,
  settings: SettingsScreen,
};
