import afterSales from './afterSales';
import attention from './attention';
import buyers from './buyers';
import common from './common';
import design from './design';
import errors from './errors';
import frame from './frame';
import home from './home';
import images from './images';
import insights from './insights';
import orderDetail from './orderDetail';
import orders from './orders';
import ordersSelection from './ordersSelection';
import ordersCount from './ordersCount';
import saveBar from './saveBar';
import settings from './settings';
import settingsConnection from './settingsConnection';
import settingsForms from './settingsForms';
import settingsProfiles from './settingsProfiles';
import upkeep from './upkeep';

/** The English catalog: the reference every other locale's catalog must match key for key. */
export default {
  ...afterSales,
  ...attention,
  ...buyers,
  ...common,
  ...design,
  ...errors,
  ...frame,
  ...home,
  ...images,
  ...insights,
  ...orderDetail,
  ...orders,
  ...ordersSelection,
  ...ordersCount,
  ...saveBar,
  ...settings,
  ...settingsConnection,
  ...settingsForms,
  ...settingsProfiles,
  ...upkeep,
};
