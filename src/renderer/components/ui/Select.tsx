import type { Ref, SelectHTMLAttributes } from 'react';

/**
 * A styled native <select>: the OS's own list (keyboard, type-ahead, screen readers and touch all native) in the
 * app's control shape. Not Radix Select: it injects a <style> element, which the app's CSP (style-src 'self') refuses.
 */
export function Select({
  ref,
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={`select${className ? ` ${className}` : ''}`} {...rest} />;
}
