#include "findbar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>

namespace sense7 {

FindBar::FindBar(QTextBrowser *view, QWidget *parent)
    : QWidget(parent)
    , m_view(view)
    , m_field(new QLineEdit(this))
    , m_count(new QLabel(this))
{
    setObjectName(QStringLiteral("findBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    m_field->setObjectName(QStringLiteral("findField"));
    m_field->setPlaceholderText(tr("Find in this conversation"));
    m_field->setAccessibleName(tr("Find in this conversation"));
    m_field->setClearButtonEnabled(true);
    m_field->installEventFilter(this);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+Enter)"));
    previous->setAccessibleName(tr("Previous match"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (Enter)"));
    next->setAccessibleName(tr("Next match"));
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Esc)"));
    close->setAccessibleName(tr("Close find"));
    m_count->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_count);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(close);

    connect(m_field, &QLineEdit::textChanged, this, [this] {
        updateCount();
        // Search as you type, from the top of the match under way.
        QTextCursor cursor = m_view->textCursor();
        cursor.setPosition(cursor.selectionStart());
        m_view->setTextCursor(cursor);
        find();
    });
    connect(previous, &QToolButton::clicked, this, [this] { find(true); });
    connect(next, &QToolButton::clicked, this, [this] { find(false); });
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void FindBar::open()
{
    show();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

bool FindBar::find(bool backward)
{
    const QString text = m_field->text();
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags =
        backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    if (m_view->find(text, flags))
        return true;
    // Wrap around.
    QTextCursor cursor(m_view->document());
    cursor.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
    m_view->setTextCursor(cursor);
    return m_view->find(text, flags);
}

int FindBar::matchCount() const
{
    const QString text = m_field->text();
    if (text.isEmpty())
        return 0;
    int count = 0;
    QTextCursor cursor(m_view->document());
    while (true) {
        cursor = m_view->document()->find(text, cursor);
        if (cursor.isNull())
            break;
        ++count;
    }
    return count;
}

void FindBar::updateCount()
{
    if (m_field->text().isEmpty()) {
        m_count->clear();
        return;
    }
    const int n = matchCount();
    m_count->setText(n == 0 ? tr("No matches") : tr("%n match(es)", nullptr, n));
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            find(key->modifiers() & Qt::ShiftModifier);
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            m_view->setFocus();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace sense7
