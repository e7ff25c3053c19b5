// Lives in src/shared/due (the renderer words a delivery time the same way).
export * from '../../shared/due/formatAllowed';
