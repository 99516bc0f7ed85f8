import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { Upload, X } from "lucide-react";
import { useRef } from "react";
import { uploadFile } from "../../api/apps";
import { toast } from "../ui/toaster";
import { CatalogLogo } from "./CatalogLogo";

const TYPES = ["image/png", "image/jpeg"];

/** The image's width and height, read by the browser. */
function dimensionsOf(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("unreadable image"));
    };
    img.src = url;
  });
}

/** Spec 03 §2.7: a PNG or JPG, square (256x256 recommended), stored through POST /files/. */
export function LogoUpload({ url, onChange }: { url: string | null; onChange: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: uploadFile,
    onSuccess: onChange,
    onError: () => toast.error("Failed to upload logo. Please try again."),
  });

  const chosen = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!TYPES.includes(file.type)) return toast.error("The logo must be a PNG or JPG image");
    const size = await dimensionsOf(file).catch(() => null);
    if (!size) return toast.error("Failed to upload logo. Please try again.");
    if (size.width !== size.height) return toast.error(`The logo must be square (this one is ${size.width}x${size.height}; 256x256 is recommended)`);
    upload.mutate(file);
  };

  return (
    <HStack gap="4" align="center">
      <CatalogLogo url={url} size={16} />
      <Stack gap="1">
        <HStack gap="2">
          <Input
            ref={input}
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            display="none"
            onChange={(e) => void chosen(e.currentTarget.files?.[0])}
            data-testid="logo-file"
          />
          <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={upload.isPending} data-testid="logo-upload">
            <Upload /> {url ? "Replace logo" : "Upload logo"}
          </Button>
          {url && (
            <Button size="sm" variant="ghost" onClick={() => onChange(null)} data-testid="logo-remove">
              <X /> Remove
            </Button>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          PNG or JPG, square, 256x256 recommended.
        </Text>
      </Stack>
    </HStack>
  );
}
