import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';

/** A list's primary "create" button in its header: opens the create screen `to`, or calls `onClick`. */
export function CreateButton({ to, onClick, label, testId }: { to?: string; onClick?: () => void; label: string; testId: string }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick ?? (() => to && navigate(to))} data-testid={testId}>
      {label}
    </Button>
  );
}
