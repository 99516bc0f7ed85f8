import { Box, Button, Center, Checkbox, HStack, IconButton, Spinner, Table, Text } from "@chakra-ui/react";
import { ArrowDown, ArrowUp, ArrowUpDown, Trash2 } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";

export interface RecordsColumn<Row> {
  key: string;
  header: ReactNode;
  /** the cell as text: one line, cut short, whole on hover; also what a sortable column orders by */
  text?(row: Row): string;
  /** a cell of its own (a badge), shown as it is */
  render?(row: Row): ReactNode;
  /** a fixed width; cells are otherwise at most 200px */
  width?: string;
  sortable?: boolean;
  /** what a sortable column orders by when its text would not (dates, numbers) */
  sortValue?(row: Row): string | number;
}

export interface SortState {
  key: string;
  direction: "asc" | "desc";
}

/** Every prop but `rows` takes the row type from `rows` (NoInfer), so a setter passed as a callback cannot widen it. */
export interface RecordsTableProps<Row> {
  rows: readonly Row[];
  rowKey(row: NoInfer<Row>): string;
  columns: readonly RecordsColumn<NoInfer<Row>>[];
  loading?: boolean;
  loadingText?: string;
  /** what an empty table says, and the button that fills it */
  empty: { text: string; action?: { label: string; icon?: ReactNode; onClick(): void } };
  onRowClick?(row: NoInfer<Row>): void;
  /** a row's own buttons, in the last column ("Actions"): use RowAction */
  actions?(row: Row): ReactNode;
  /** the red trash button at the end of every row; `onDelete` asks before anything goes */
  rowDelete?: { label: string; testId?: string; pending?(row: NoInfer<Row>): boolean; onDelete(row: NoInfer<Row>): void };
  /** under the rows, inside the scrolling box (say, "Load more") */
  footer?: ReactNode;
  /** checkboxes on every row and one in the header that selects every row */
  selection?: { selected: ReadonlySet<string>; onChange(next: Set<string>): void };
  /** the order, when the caller keeps it (a server-side sort); otherwise sortable columns order the rows here */
  sort?: SortState | null;
  onSortChange?(next: SortState | null): void;
  /** what a screen reader calls the table's scrolling box, which the keyboard can focus to scroll it */
  label: string;
  testIds: { table: string; row: string; empty: string };
  /** more attributes on a row, for tests and styles */
  rowData?(row: Row): Record<`data-${string}`, string>;
  height?: string;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** A click on a sortable header: ascending, then descending, then the rows' own order. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, direction: "asc" };
  return current.direction === "asc" ? { key, direction: "desc" } : null;
}

/** The rows in the order `sort` asks for, by the column's sort value or text; the input is left as it is. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly RecordsColumn<Row>[], sort: SortState | null): readonly Row[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return rows;
  const value = (row: Row) => column.sortValue?.(row) ?? column.text?.(row) ?? "";
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y)));
  });
}

/**
 * Kiln's one table of records (an entity's rows, an app's users, and the admin lists):
 * columns of text or own cells, a row that opens on click, per-row actions, optional
 * selection and sorting, and the loading and empty states in the same 600px box.
 */
export function RecordsTable<Row>({
  rows,
  rowKey,
  columns,
  loading,
  loadingText = "Loading...",
  empty,
  onRowClick,
  actions,
  rowDelete,
  footer,
  selection,
  sort: controlledSort,
  onSortChange,
  label,
  testIds,
  rowData,
  height = "600px",
}: RecordsTableProps<Row>) {
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  const controlled = controlledSort !== undefined;
  const sort = controlled ? controlledSort : ownSort;
  const shown = useMemo(() => (controlled ? rows : sortRows(rows, columns, sort)), [controlled, rows, columns, sort]);
  const changeSort = (key: string) => {
    const next = nextSort(sort, key);
    if (!controlled) setOwnSort(next);
    onSortChange?.(next);
  };

  if (loading)
    return (
      <Center h={height} gap="2" color="fg.muted">
        <Spinner size="sm" /> <Text>{loadingText}</Text>
      </Center>
    );
  if (rows.length === 0)
    return (
      <Center h={height} borderWidth="1px" rounded="lg" flexDirection="column" gap="3" data-testid={testIds.empty}>
        <Text color="fg.muted">{empty.text}</Text>
        {empty.action && (
          <Button size="sm" variant="outline" onClick={empty.action.onClick}>
            {empty.action.icon} {empty.action.label}
          </Button>
        )}
      </Center>
    );

  return (
    <Table.ScrollArea h={height} borderWidth="1px" rounded="lg" tabIndex={0} role="region" aria-label={label} data-testid={testIds.table}>
      <Table.Root size="sm" interactive stickyHeader>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10">
                <SelectAll keys={shown.map(rowKey)} selection={selection} />
              </Table.ColumnHeader>
            )}
            {columns.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                maxW="200px"
                w={c.width}
                whiteSpace="nowrap"
                aria-sort={sort?.key === c.key ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
              >
                {c.sortable ? <SortButton header={c.header} direction={sort?.key === c.key ? sort.direction : null} onClick={() => changeSort(c.key)} /> : c.header}
              </Table.ColumnHeader>
            ))}
            {(actions || rowDelete) && <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((row) => {
            const key = rowKey(row);
            return (
              <Table.Row key={key} cursor={onRowClick ? "pointer" : undefined} onClick={onRowClick && (() => onRowClick(row))} data-testid={testIds.row} {...rowData?.(row)}>
                {selection && (
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <Checkbox.Root
                      size="sm"
                      checked={selection.selected.has(key)}
                      onCheckedChange={(e) => selection.onChange(toggled(selection.selected, [key], e.checked === true))}
                      aria-label="Select row"
                      data-testid="select-row"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                {columns.map((c) => {
                  if (c.render) return <Table.Cell key={c.key}>{c.render(row)}</Table.Cell>;
                  const text = c.text?.(row) ?? "";
                  return (
                    <Table.Cell key={c.key} maxW={c.width ?? "200px"} truncate title={text}>
                      {text}
                    </Table.Cell>
                  );
                })}
                {(actions || rowDelete) && (
                  <Table.Cell textAlign="end">
                    {actions && rowDelete ? (
                      <HStack justify="end" gap="1">
                        {actions(row)}
                        <DeleteAction row={row} rowDelete={rowDelete} />
                      </HStack>
                    ) : rowDelete ? (
                      <DeleteAction row={row} rowDelete={rowDelete} />
                    ) : (
                      actions?.(row)
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {footer}
    </Table.ScrollArea>
  );
}

function toggled(selected: ReadonlySet<string>, keys: string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}

function SelectAll({ keys, selection }: { keys: string[]; selection: NonNullable<RecordsTableProps<unknown>["selection"]> }) {
  const count = keys.filter((k) => selection.selected.has(k)).length;
  const checked = count === 0 ? false : count === keys.length ? true : "indeterminate";
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={() => selection.onChange(toggled(selection.selected, keys, checked !== true))} aria-label="Select all rows" data-testid="select-all">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function SortButton({ header, direction, onClick }: { header: ReactNode; direction: "asc" | "desc" | null; onClick(): void }) {
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Box as="button" display="inline-flex" alignItems="center" gap="1" fontWeight="inherit" cursor="pointer" onClick={onClick} data-testid="sort-column">
      {header}
      <Box as="span" color={direction ? "fg" : "fg.subtle"}>
        <Icon size={12} />
      </Box>
    </Box>
  );
}

function DeleteAction<Row>({ row, rowDelete }: { row: Row; rowDelete: NonNullable<RecordsTableProps<Row>["rowDelete"]> }) {
  return <RowAction label={rowDelete.label} icon={<Trash2 />} tone="danger" testId={rowDelete.testId} loading={rowDelete.pending?.(row)} onClick={() => rowDelete.onDelete(row)} />;
}

/** A row's icon button: it acts on the row without opening it. */
export function RowAction({ label, icon, onClick, loading, tone, testId }: { label: string; icon: ReactNode; onClick(): void; loading?: boolean; tone?: "danger"; testId?: string }) {
  return (
    <IconButton
      size="xs"
      variant="ghost"
      colorPalette={tone === "danger" ? "red" : undefined}
      aria-label={label}
      data-testid={testId}
      loading={loading}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </IconButton>
  );
}
