import { Image } from 'antd';

/**
 * The gallery's zoomable full-screen preview (antd's image preview with zoom, rotate and flip), loaded with the
 * first click on the picture rather than with the page.
 */
export default function GalleryPreview({
  images,
  open,
  current,
  onOpenChange,
  onChange,
}: {
  images: string[];
  open: boolean;
  current: number;
  onOpenChange(open: boolean): void;
  onChange(index: number): void;
}) {
  return (
    <div style={{ display: 'none' }}>
      <Image.PreviewGroup items={images} preview={{ open, current, onOpenChange, onChange }} />
    </div>
  );
}
