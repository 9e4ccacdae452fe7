/**
 * The client portal's frame (src/web/portal/): the venue's name in a quiet bar, the document at
 * the width of a page of paper, then the payments and the accept form as cards. Light whatever
 * the screen's scheme, as the document itself is.
 */
export const PORTAL_STYLES = `
body.portal-body { color-scheme: light; background: #eef1f5; color: #1d2433; }
header.portal-bar { background: #fff; border-bottom: 1px solid #d5dae1; padding: .85rem 1.25rem; }
.portal-venue { margin: 0 auto; max-width: 56rem; font-weight: 700; color: #243b63; font-size: 1.05rem; }
main.portal { max-width: 56rem; margin: 1.5rem auto 3rem; padding: 0 1rem; }
.portal-actions { display: flex; justify-content: flex-end; margin-bottom: .75rem; }
.portal-actions .button.secondary { background: #fff; color: #243b63; border-color: #b9c2cf; }
.portal-panel { background: #fff; border: 1px solid #d5dae1; border-radius: .5rem; padding: 1.5rem 1.75rem; margin-top: 1.25rem; }
.portal-panel h1 { font-size: 1.4rem; }
.portal-panel h2 { font-size: 1.2rem; margin: 0 0 .75rem; color: #243b63; }
.portal-panel .button, .portal-panel button { background: #243b63; border-color: #243b63; }
.portal-accept input[type=text] { max-width: 26rem; background: #fff; color: #1d2433; }
.portal-accept .check { font-weight: 500; margin-top: 1rem; }
.portal-signed { border-left: 4px solid #1f9d55; }
.portal-replaced { border-left: 4px solid #b45309; margin-bottom: 1rem; }
dl.portal-balance { margin: .5rem 0 0 auto; max-width: 20rem; }
dl.portal-balance div { display: flex; justify-content: space-between; gap: 1rem; padding: .35rem 0; border-bottom: 1px solid #d5dae1; }
dl.portal-balance dd { margin: 0; white-space: nowrap; }
dl.portal-balance div.grand { font-weight: 700; font-size: 1.1rem; border-bottom: none; }
tr.portal-overdue td:first-child { box-shadow: inset 4px 0 0 #b42318; padding-left: .6rem; }
.portal .notice { background: #fff; }
@media (max-width: 40rem) {
  main.portal { padding: 0 .6rem; margin-top: 1rem; }
  .portal-panel { padding: 1.1rem 1rem; }
  .portal-actions { justify-content: stretch; }
  .portal-actions .button { width: 100%; text-align: center; }
  dl.portal-balance { max-width: none; }
  .portal-accept button { width: 100%; }
}
.inquiry-trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.inquiry-form .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0 1rem; }
.inquiry-form input, .inquiry-form select, .inquiry-form textarea { width: 100%; box-sizing: border-box; }
@media (max-width: 480px) { .inquiry-form .pair { grid-template-columns: 1fr; } .inquiry-form button { width: 100%; } }
`;
