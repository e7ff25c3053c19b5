// The pure deadline functions live in src/shared/due (the renderer shows an order's deadline with the same rules).
export * from '../../shared/due/deliveryDeadline';
