/**
 * Posts a form (application/x-www-form-urlencoded) to an address of this origin in a new
 * tab, which shows the answer (a certificate's PDF). The page runs under Trusted Types and
 * `form-action 'self'`, so the form is built with DOM calls, never markup, and its action
 * must be one of our own paths. The form lives only for the submit.
 */
export function postFormInNewTab(action: string, fields: Record<string, string | number>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.target = '_blank';
  // The new tab gets no handle back to this one.
  form.setAttribute('rel', 'noopener');
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.append(input);
  }
  document.body.append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
