/** A filter's problem, under its field (the field names it with aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="filter-error">
      {error}
    </span>
  ) : null;
}
