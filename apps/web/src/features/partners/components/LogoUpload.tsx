import { useRef, useState } from 'react';
import { Button, Flex } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { LOGO_CONTENT_TYPE, LOGO_MAX_BYTES, PARTNER_MESSAGES } from '@portal/contract';
import { errorMessage } from '../../../shared/lib/ApiError';
import { Text } from '../../../shared/ui/Typography';
import { uploadLogo } from '../api';

/** The logo as the form holds it: where the upload put it and the file's name. */
export interface LogoValue {
  logo_url: string;
  logo_name: string;
}

/** Spec §5: the logo upload accepts SVG only (by type, or by name when the browser gives no type). */
export function isSvgFile(file: { name: string; type: string }): boolean {
  return file.type === LOGO_CONTENT_TYPE || (file.type === '' && /\.svg$/i.test(file.name));
}

export interface LogoUploadProps {
  id?: string;
  value?: LogoValue | null;
  onChange?(value: LogoValue | null): void;
  /** A file refused before or by the upload; undefined once a good one is in. */
  onError(message: string | undefined): void;
}

/**
 * The MSP logo (spec §3 logo_name, logo_url; §5 SVG only): a file chosen is checked (an SVG, at most 256 KB), then
 * uploaded at once; the form keeps where it went and its name, and shows it.
 */
export function LogoUpload({ id, value, onChange, onError }: LogoUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isSvgFile(file)) return onError(PARTNER_MESSAGES.logoSvgOnly);
    if (file.size > LOGO_MAX_BYTES) return onError(PARTNER_MESSAGES.logoTooLarge);
    setUploading(true);
    try {
      const uploaded = await uploadLogo(file);
      onChange?.({ logo_url: uploaded.logo_url, logo_name: uploaded.logo_name });
      onError(undefined);
    } catch (error) {
      onError(errorMessage(error, PARTNER_MESSAGES.logoInvalid));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex gap={12} align="center" wrap>
      <input
        ref={input}
        id={id}
        type="file"
        accept={`.svg,${LOGO_CONTENT_TYPE}`}
        aria-label="Logo file"
        hidden
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
        Upload SVG
      </Button>
      {value?.logo_url ? (
        <>
          <img src={value.logo_url} alt={`Logo ${value.logo_name}`} style={{ height: 32, maxWidth: 160 }} />
          <Text type="secondary">{value.logo_name}</Text>
          <Button
            size="small"
            type="link"
            onClick={() => {
              onChange?.(null);
              onError(undefined);
            }}
          >
            Remove
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
