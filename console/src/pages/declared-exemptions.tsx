// Declared exemptions: per customer and state, the exemptions documents took on the buyer's word
// (GET /exemptions/declared) — how many live documents rely on each and the amount they exempted —
// and whether a certificate covers it now. An open one is the evidence an auditor will ask for.
import { useState } from 'preact/hooks';
import { answer, type Ok } from '../api';
import { Badge, type Column, cursorQuery, PagedTable, PageTitle } from '../components';
import { money } from '../format';
import { useLoad, useSigned } from '../hooks';
import { FIRST_PAGE } from '../paging';

type Declared = Ok<'declared-exemptions-list'>['data'][number];

export function DeclaredExemptions() {
  const { api } = useSigned();
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useLoad(() => answer(api.GET('/api/v1/exemptions/declared', { params: { query: { limit: 25, ...cursorQuery(page) } } })), [api, page]);
  const columns: Column<Declared>[] = [
    { header: 'Customer', rowHeader: true, cell: (d) => d.customer_code ?? '(no customer)' },
    { header: 'State', cell: (d) => d.state },
    { header: 'Type', cell: (d) => d.type },
    { header: 'Declared by', cell: (d) => (d.source === 'customer' ? 'customer' : 'document') },
    { header: 'Documents', numeric: true, cell: (d) => String(d.documents) },
    { header: 'Exempted', numeric: true, cell: (d) => money(d.exempt_amount) },
    { header: 'Dates', cell: (d) => (d.first_date === d.last_date ? d.first_date : `${d.first_date} – ${d.last_date}`) },
    {
      header: 'Certificate',
      cell: (d) =>
        d.covered ? (
          <>
            <Badge value="covered" /> <code>{d.certificate_id}</code>
          </>
        ) : (
          <Badge value="missing" />
        ),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Declared exemptions</PageTitle>
      <p>
        Exemptions granted on the buyer’s declaration, without a certificate on file. Each stays listed until an active certificate of the customer covers the
        state.
      </p>
      <PagedTable
        list={list}
        what="declared exemptions"
        page={page}
        onPage={setPage}
        caption="Declared exemptions by customer and state"
        hideCaption
        columns={columns}
        rowKey={(d) => `${d.customer_code ?? ''}|${d.state}`}
        empty="No declared exemptions: every exemption rests on a certificate."
      />
    </section>
  );
}
