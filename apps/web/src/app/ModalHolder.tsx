import { useLayoutEffect } from 'react';
import { Modal } from 'antd';
import { setModalApi } from '../shared/lib/feedback';

/** Loaded on the first dialog: mounts antd's modal hook and hands its API to feedback(). */
export function ModalHolder() {
  const [api, holder] = Modal.useModal();
  useLayoutEffect(() => {
    setModalApi(api);
    return () => setModalApi(null);
  }, [api]);
  return holder;
}
