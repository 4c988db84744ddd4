// Transactions: open a document by its code, or browse them (GET /transactions, filtered, paged by
// cursor). A document shows its lines and jurisdictions and its history: the original it refunds,
// credits or replaces, its refunds and credits, its void, and an adjustment's reversal and
// replacement, each read with GET /transactions/{code}.
import type { operations } from '@salestax/client';
import { useState } from 'preact/hooks';
import { answer, type Ok } from '../api';
import { Badge, type Column, cursorQuery, ErrorBox, Figures, Loading, PagedTable, PageTitle, Table, Time } from '../components';
import { money, percent } from '../format';
import { useLoad, useSigned } from '../hooks';
import { FIRST_PAGE } from '../paging';
import { href } from '../route';

type Summary = Ok<'transactions-list'>['data'][number];
type Transaction = Ok<'transactions-get'>;
type Line = Transaction['lines'][number];
type Jurisdiction = Transaction['summary'][number];
type Filters = Pick<NonNullable<operations['transactions-list']['parameters']['query']>, 'status' | 'kind' | 'customer_code' | 'date_from' | 'date_to'>;
const FILTERS = ['status', 'kind', 'customer_code', 'date_from', 'date_to'] as const satisfies readonly (keyof Filters)[];

const link = (code: string) => <a href={href({ page: 'transactions', code })}>{code}</a>;

function Search({ initial }: { initial?: string }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const code = (new FormData(event.currentTarget as HTMLFormElement).get('code') as string | null)?.trim();
    if (code) location.hash = href({ page: 'transactions', code });
  };
  return (
    <search>
      <form method="post" class="toolbar" onSubmit={submit}>
        <label for="code">Transaction code</label>
        <input id="code" name="code" required maxLength={50} defaultValue={initial ?? ''} spellcheck={false} />
        <button type="submit">Open</button>
      </form>
    </search>
  );
}

export function TransactionList() {
  const { api } = useSigned();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(
    () => answer(api.GET('/api/v1/transactions', { params: { query: { limit: 25, ...filters, ...cursorQuery(page) } } })),
    [api, filters, page],
  );
  const applyFilters = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    // The form's options are the API's values; the API judges the rest (422 with the field's target).
    const chosen = Object.fromEntries(
      FILTERS.flatMap((name) => ((form.get(name) as string | null)?.trim() ? [[name, (form.get(name) as string).trim()]] : [])),
    );
    setFilters(chosen as Filters);
    setPage(FIRST_PAGE);
  };
  const columns: Column<Summary>[] = [
    { header: 'Code', rowHeader: true, cell: (t) => link(t.code) },
    { header: 'Kind', cell: (t) => t.kind },
    { header: 'Status', cell: (t) => <Badge value={t.status} /> },
    { header: 'Date', cell: (t) => t.date },
    { header: 'Customer', cell: (t) => t.customer_code ?? '—' },
    { header: 'Amount', numeric: true, cell: (t) => money(t.total_amount) },
    { header: 'Tax', numeric: true, cell: (t) => money(t.total_tax) },
  ];
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Transactions</PageTitle>
      <Search />
      <form method="post" class="filters" onSubmit={applyFilters} aria-label="Filter transactions">
        <div>
          <label for="f-status">Status</label>
          <select id="f-status" name="status">
            <option value="">any</option>
            {['committed', 'refunded', 'voided', 'adjusted'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="f-kind">Kind</label>
          <select id="f-kind" name="kind">
            <option value="">any</option>
            {['sale', 'refund', 'credit', 'reversal', 'replacement'].map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="f-customer">Customer code</label>
          <input id="f-customer" name="customer_code" maxLength={50} />
        </div>
        <div>
          <label for="f-from">Dated from</label>
          <input id="f-from" name="date_from" type="date" />
        </div>
        <div>
          <label for="f-to">Dated to</label>
          <input id="f-to" name="date_to" type="date" />
        </div>
        <button type="submit" class="secondary">
          Filter
        </button>
      </form>
      <PagedTable
        list={list}
        what="transactions"
        page={page}
        onPage={setPage}
        caption="Transactions, newest first"
        columns={columns}
        rowKey={(t) => t.code}
        empty="No transactions match."
      />
    </section>
  );
}

interface Related {
  readonly role: string;
  readonly code: string;
}

/** The documents a transaction names: what it derives from, and what derives from it. */
function relatedOf(t: Transaction): Related[] {
  return [
    ...(t.original_code ? [{ role: t.kind === 'replacement' ? 'replaces' : `${t.kind} of`, code: t.original_code }] : []),
    ...t.refunds.map((code) => ({ role: 'refund', code })),
    ...t.credits.map((code) => ({ role: 'credit', code })),
    ...(t.adjustment
      ? [
          { role: 'reversal', code: t.adjustment.reversal_code },
          { role: 'replacement', code: t.adjustment.replacement_code },
        ]
      : []),
  ];
}

function History({ t }: { t: Transaction }) {
  const { api } = useSigned();
  const related = relatedOf(t);
  const docs = useLoad(
    () => Promise.all(related.map(async (r) => ({ ...r, doc: await answer(api.GET('/api/v1/transactions/{code}', { params: { path: { code: r.code } } })) }))),
    [api, t.code, t.updated_at],
  );
  const columns: Column<Related & { doc: Transaction }>[] = [
    { header: 'Document', rowHeader: true, cell: (r) => link(r.code) },
    { header: 'Relation', cell: (r) => r.role },
    { header: 'Status', cell: (r) => <Badge value={r.doc.status} /> },
    { header: 'Date', cell: (r) => r.doc.date },
    { header: 'Recorded', cell: (r) => <Time at={r.doc.created_at} /> },
    { header: 'Reason', cell: (r) => r.doc.reason ?? '—' },
    { header: 'Amount', numeric: true, cell: (r) => money(r.doc.total_amount) },
    { header: 'Tax', numeric: true, cell: (r) => money(r.doc.total_tax) },
  ];
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ul class="timeline">
        <li>
          Recorded <Time at={t.created_at} /> as a {t.kind}, dated {t.date}.
        </li>
        {t.voided_at && (
          <li>
            Voided <Time at={t.voided_at} />
            {t.reason ? ` (${t.reason})` : ''}.
          </li>
        )}
        {t.status === 'adjusted' && <li>Adjusted: reversed and replaced by the documents below.</li>}
        {t.status === 'refunded' && <li>Refunded in full.</li>}
      </ul>
      {related.length === 0 ? (
        <p class="muted">No refunds, credits or adjustments.</p>
      ) : docs.failure ? (
        <ErrorBox failure={docs.failure} what="Reading related documents" />
      ) : docs.data ? (
        <Table caption="Related documents" columns={columns} rows={docs.data} rowKey={(r) => r.code} empty="" />
      ) : (
        <Loading what="related documents" />
      )}
    </section>
  );
}

export function TransactionDetail({ code }: { code: string }) {
  const { api } = useSigned();
  const doc = useLoad(() => answer(api.GET('/api/v1/transactions/{code}', { params: { path: { code } } })), [api, code]);
  const t = doc.data;
  const lineColumns: Column<Line>[] = [
    { header: 'Line', rowHeader: true, cell: (l) => l.number },
    { header: 'Item / tax code', cell: (l) => [l.item_code, l.tax_code].filter(Boolean).join(' / ') || '—' },
    { header: 'Description', cell: (l) => l.description ?? '—' },
    { header: 'Amount', numeric: true, cell: (l) => money(l.amount) },
    { header: 'Taxable', numeric: true, cell: (l) => money(l.taxable_amount) },
    { header: 'Rate', numeric: true, cell: (l) => percent(l.rate) },
    { header: 'Tax', numeric: true, cell: (l) => money(l.tax) },
    { header: 'Why', cell: (l) => l.reason.replaceAll('_', ' ') },
    {
      header: 'Rate areas in ZIP',
      cell: (l) =>
        l.rate_areas ? `${percent(l.rate_areas.lowest_rate)}–${percent(l.rate_areas.highest_rate)}, used ${percent(l.rate_areas.used_rate)}` : 'one',
    },
    { header: 'Refunded', numeric: true, cell: (l) => money(l.refunded_amount) },
    { header: 'Credited tax', numeric: true, cell: (l) => money(l.credited_tax) },
    { header: 'Remaining tax', numeric: true, cell: (l) => money(l.remaining_tax) },
  ];
  const jurisdictionColumns: Column<Jurisdiction>[] = [
    { header: 'Jurisdiction', rowHeader: true, cell: (j) => j.name },
    { header: 'Type', cell: (j) => j.type },
    { header: 'Rate', numeric: true, cell: (j) => percent(j.rate) },
    { header: 'Taxable', numeric: true, cell: (j) => money(j.taxable_amount) },
    { header: 'Tax', numeric: true, cell: (j) => money(j.tax) },
    { header: 'Rate source', cell: (j) => j.source ?? '—' },
  ];
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Transaction {code}</PageTitle>
      <Search initial={code} />
      {doc.failure && <ErrorBox failure={doc.failure} what={`Reading ${code}`} />}
      {!t && !doc.failure && <Loading what="the transaction" />}
      {t && (
        <>
          <p>
            <Badge value={t.status} /> {t.kind}, dated {t.date}
            {t.customer_code && <>, customer {t.customer_code}</>}
            {t.location_code && <>, location {t.location_code}</>}.
          </p>
          <Figures
            items={[
              ['Amount', money(t.total_amount)],
              ['Taxable', money(t.total_taxable)],
              ['Exempt', money(t.total_exempt)],
              ['Tax', money(t.total_tax)],
              ['Content version', t.content_version],
              ['Environment', t.environment],
            ]}
          />
          <History t={t} />
          <h2 id="lines-title">Lines</h2>
          <Table caption="Lines" hideCaption columns={lineColumns} rows={t.lines} rowKey={(l) => l.number} empty="No lines." />
          <h2 id="jurisdictions-title">Tax by jurisdiction</h2>
          <Table
            caption="Tax by jurisdiction"
            hideCaption
            columns={jurisdictionColumns}
            rows={t.summary}
            rowKey={(j) => `${j.type}:${j.name}:${j.rate}:${j.source ?? ''}`}
            empty="No jurisdictions."
          />
          {t.messages.length > 0 && (
            <>
              <h2 id="messages-title">Messages</h2>
              <ul>
                {t.messages.map((m) => (
                  <li key={`${m.code}:${m.target}`}>
                    <code>{m.code}</code> ({m.severity}) at <code>{m.target}</code>: {m.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
