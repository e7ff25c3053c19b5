import common from './common';
import design from './design';
import frame from './frame';
import orders from './orders';

/** The English catalog: the reference every other locale's catalog must match key for key. */
export default { ...common, ...frame, ...orders, ...design };
