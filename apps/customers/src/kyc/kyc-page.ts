import { createHash } from 'node:crypto';
import { COUNTRIES } from '@customers/kyc/countries';
import { KYC_FORM_LABELS, KycFormErrors, KycFormField, KycFormValues } from '@customers/kyc/kyc-form';

/** A page the gateway serves to the end customer, with its status code. */
export interface KycPage {
  status: number;
  html: string;
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#0b0c0c;margin:0;background:#f3f2f1}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem;background:#fff;min-height:100vh;box-sizing:border-box}
h1{font-size:1.75rem;margin:0 0 1rem}
.field{margin-bottom:1.25rem}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
fieldset{border:0;padding:0;margin:0 0 1rem}
legend{font-size:1.25rem;margin-bottom:.75rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:2px solid #0b0c0c;border-radius:0}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.invalid input,.invalid select{border-color:#d4351c}
.invalid{border-left:5px solid #d4351c;padding-left:.75rem}
.error{color:#d4351c;font-weight:600;margin:0 0 .25rem}
.hint{color:#505a5f;margin:0 0 .25rem}
.summary{border:5px solid #d4351c;padding:1rem;margin-bottom:1.5rem}
.summary h2{margin-top:0;font-size:1.25rem}
.summary a{color:#d4351c;font-weight:600}
button{font:inherit;font-weight:600;background:#00703c;color:#fff;border:0;padding:.6rem 1.2rem;box-shadow:0 2px 0 #002d18;cursor:pointer}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * Headers of every page: nothing but the inline style may load or run (the form needs no script),
 * no other site may frame it, and the token in its URL never leaks through a Referer or a cache.
 */
export const KYC_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`,
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const TITLE = 'Verify your identity';

/** The form, filled with `values` and showing `errors` both in a summary and beside each field. */
export function kycFormPage(values: KycFormValues, errors: KycFormErrors, status = 200): KycPage {
  const errorEntries = Object.entries(errors) as [KycFormField, string][];
  const summary = errorEntries.length
    ? `<div class="summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${errorEntries.map(([field, message]) => `<li><a href="#${field}">${escape(message)}</a></li>`).join('')}</ul>
</div>`
    : '';
  const field = (name: KycFormField, control: (attributes: string) => string, hint?: string) => {
    const error = errors[name];
    const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    const required = KYC_FORM_LABELS[name].whenMissing ? ' required aria-required="true"' : '';
    const attributes = `id="${name}" name="${name}"${required}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
    return `<div class="field${error ? ' invalid' : ''}">
<label for="${name}">${escape(KYC_FORM_LABELS[name].label)}</label>
${hint ? `<p class="hint" id="${name}-hint">${escape(hint)}</p>` : ''}${error ? `<p class="error" id="${name}-error"><span class="visually-hidden">Error: </span>${escape(error)}</p>` : ''}
${control(attributes)}
</div>`;
  };
  const text = (name: KycFormField, autocomplete: string) =>
    field(
      name,
      (attributes) =>
        `<input type="text" ${attributes} autocomplete="${autocomplete}" value="${escape(values[name])}">`,
    );
  const country = (name: KycFormField, autocomplete: string) =>
    field(
      name,
      (attributes) =>
        `<select ${attributes} autocomplete="${autocomplete}"><option value="">Choose a country</option>${COUNTRIES.map(
          ({ code, name: countryName }) =>
            `<option value="${code}"${values[name] === code ? ' selected' : ''}>${escape(countryName)}</option>`,
        ).join('')}</select>`,
    );
  const body = `${summary}
<p>We need a few details to confirm who you are. Fields are required unless marked optional.</p>
<form method="post" novalidate>
${text('fullName', 'name')}
${field(
  'birthDate',
  (attributes) => `<input type="date" ${attributes} autocomplete="bday" value="${escape(values.birthDate)}">`,
  'For example, 1990-12-31',
)}
${country('nationality', 'off')}
<fieldset>
<legend>Your home address</legend>
${text('line1', 'address-line1')}
${text('line2', 'address-line2')}
${text('city', 'address-level2')}
${text('state', 'address-level1')}
${text('postalCode', 'postal-code')}
${country('country', 'country')}
</fieldset>
<button type="submit">Submit</button>
</form>`;
  return { status, html: document(errorEntries.length ? `Error: ${TITLE}` : TITLE, TITLE, body) };
}

/** A page that only tells the person something: the link is used up, has expired, or they are done. */
export function kycMessagePage(status: number, heading: string, message: string): KycPage {
  return { status, html: document(heading, heading, `<p>${escape(message)}</p>`) };
}

function document(title: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}
