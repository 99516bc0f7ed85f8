import { Box, Button, Center, HStack, Heading, IconButton, Menu, Portal, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Braces, Download, EllipsisVertical, Plus, Trash2, Upload } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { App } from "../../../../../schemas/app";
import type { EntityRecord } from "../../../../../schemas/entities";
import { AppData, recordsQueryKey } from "../../../api/app-data";
import { detailOf } from "../../../api/client";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { RecordsTable, type RecordsColumn } from "../../ui/RecordsTable";
import { toast, toaster } from "../../ui/toaster";
import { RecordSheet } from "./RecordSheet";
import { SchemaDialog } from "./SchemaDialog";
import { type Properties, cellText, columnsOf, download, exportFileName, recordLabel, recordsToCsv } from "./records";

type Sheet = { mode: "add" } | { mode: "edit"; record: EntityRecord } | null;

/**
 * One entity's records (spec 02 §2 "Entity data table"): columns from the schema, a row
 * opens the edit sheet, Add, per-row delete (after a confirmation), and the actions Import CSV, Export CSV,
 * Schema and Delete All. Pages come from `/v2/list` cursors, so a large table loads a
 * page at a time.
 */
export function EntityDataView({ app, entity }: { app: App; entity: string }) {
  const schema = app.entities[entity];
  const properties = useMemo(() => (schema?.properties ?? {}) as Properties, [schema]);
  const columns = useMemo(() => columnsOf(properties), [properties]);
  const tableColumns = useMemo<RecordsColumn<EntityRecord>[]>(
    () => columns.map((c) => ({ key: c.key, header: c.label, text: (record) => cellText(record[c.key], properties[c.key], c.key) })),
    [columns, properties],
  );
  const client = useQueryClient();
  const key = recordsQueryKey(app.id, entity);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [schemaOpen, setSchemaOpen] = useState(false);
  /** the row whose delete waits for the owner's yes */
  const [deleting, setDeleting] = useState<EntityRecord | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const records = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => AppData.page(app.id, entity, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    enabled: !!schema,
  });
  useEffect(() => {
    if (records.isError) toast.error("Failed to load records");
  }, [records.isError]);
  const rows = useMemo(() => records.data?.pages.flatMap((p) => p.items as EntityRecord[]) ?? [], [records.data]);

  const refresh = () => client.invalidateQueries({ queryKey: key });
  const failed = (err: unknown) => {
    toaster.remove();
    toaster.error({ title: "Error", description: detailOf(err) });
  };

  const save = useMutation({
    mutationFn: (fields: Record<string, unknown>) =>
      sheet?.mode === "edit" ? AppData.update(app.id, entity, sheet.record.id, fields) : AppData.create(app.id, entity, fields),
    onSuccess: () => {
      toast.success(sheet?.mode === "edit" ? "Record updated" : "Record created");
      setSheet(null);
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => AppData.remove(app.id, entity, id),
    onSuccess: () => {
      toast.success("Record deleted");
      void refresh();
    },
    onError: failed,
    onSettled: () => setDeleting(null),
  });
  const removeAll = useMutation({
    mutationFn: () => AppData.removeAll(app.id, entity),
    onSuccess: (result) => {
      toast.success(`Deleted ${result.deleted} ${result.deleted === 1 ? "record" : "records"}`);
      void refresh();
    },
    onError: failed,
  });
  const importCsv = useMutation({
    mutationFn: (file: File) => AppData.importFile(app.id, entity, file),
    onSuccess: (result) => {
      if (result.status === "success") {
        const n = result.output?.length ?? 0;
        toast.success(`Imported ${n} ${n === 1 ? "record" : "records"}`);
      } else {
        toaster.remove();
        toaster.error({ title: "Import Failed", description: result.details ?? undefined });
      }
      void refresh();
    },
    onError: (err) => {
      toaster.remove();
      toaster.error({ title: "Import Failed", description: detailOf(err) });
    },
  });
  const exportCsv = useMutation({
    mutationFn: () => AppData.all(app.id, entity),
    onSuccess: (all) => download(exportFileName(entity), recordsToCsv(properties, all)),
    onError: (err) => {
      toaster.remove();
      toaster.error({ title: "Export Failed", description: detailOf(err) });
    },
  });

  const confirmDeleteAll = () => {
    if (window.confirm(`Are you sure you want to delete all ${entity} records? This cannot be undone.`)) removeAll.mutate();
  };

  if (!schema) {
    return (
      <Center p="10">
        <Text color="fg.muted">This app has no entity named {entity}</Text>
      </Center>
    );
  }

  const description = typeof schema.description === "string" && schema.description ? schema.description : `View and manage the ${entity} records of your app`;

  return (
    <Stack gap="4" p="6" data-testid="entity-data-view" data-entity={entity}>
      <HStack justify="space-between" align="start" gap="4">
        <Box minW="0">
          <Heading size="lg">{typeof schema.title === "string" && schema.title ? schema.title : entity}</Heading>
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        </Box>
        <HStack gap="2">
          <Menu.Root positioning={{ placement: "bottom-end" }}>
            <Menu.Trigger asChild>
              <IconButton variant="outline" size="sm" aria-label="Actions" data-testid="data-actions">
                <EllipsisVertical />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="import" onClick={() => fileInput.current?.click()} disabled={importCsv.isPending}>
                    <Upload size={14} /> Import CSV
                  </Menu.Item>
                  <Menu.Item value="export" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
                    <Download size={14} /> Export CSV
                  </Menu.Item>
                  <Menu.Item value="schema" onClick={() => setSchemaOpen(true)}>
                    <Braces size={14} /> Schema
                  </Menu.Item>
                  <Menu.Item value="delete-all" color="fg.error" onClick={confirmDeleteAll} disabled={removeAll.isPending}>
                    <Trash2 size={14} /> Delete All
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
          <Button size="sm" onClick={() => setSheet({ mode: "add" })} data-testid="add-record">
            <Plus /> Add
          </Button>
        </HStack>
      </HStack>
      <input
        ref={fileInput}
        type="file"
        accept=".csv"
        hidden
        data-testid="import-csv-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) importCsv.mutate(file);
        }}
      />

      <RecordsTable
        rows={rows}
        rowKey={(record) => record.id}
        columns={tableColumns}
        loading={records.isPending}
        loadingText="Loading records..."
        empty={{ text: "No records found", action: { label: "Add your first record", icon: <Plus />, onClick: () => setSheet({ mode: "add" }) } }}
        onRowClick={(record) => setSheet({ mode: "edit", record })}
        rowDelete={{ label: "Delete record", testId: "delete-record", pending: (record) => remove.isPending && remove.variables === record.id, onDelete: setDeleting }}
        footer={
          records.hasNextPage && (
            <Center py="3">
              <Button size="sm" variant="outline" onClick={() => records.fetchNextPage()} loading={records.isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          )
        }
        label={`${entity} records`}
        testIds={{ table: "records-table", row: "record-row", empty: "records-empty" }}
        rowData={(record) => ({ "data-record-id": record.id })}
      />

      <RecordSheet
        open={sheet !== null}
        title={sheet?.mode === "edit" ? `Edit ${entity}` : `Add ${entity}`}
        properties={properties}
        required={schema.required}
        record={sheet?.mode === "edit" ? sheet.record : undefined}
        saving={save.isPending}
        onClose={() => setSheet(null)}
        onSave={(fields) => save.mutate(fields)}
      />
      <ConfirmDialog
        confirmation={deleting && { title: `Delete this ${entity}?`, text: `${recordLabel(deleting, columns[0]?.key, properties)} will be deleted. This cannot be undone.`, action: "Delete" }}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      <SchemaDialog open={schemaOpen} title={`${entity} Schema`} schema={schema} onClose={() => setSchemaOpen(false)} />
    </Stack>
  );
}
