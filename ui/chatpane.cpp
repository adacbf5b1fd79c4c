#include "chatpane.h"

#include "error.h"
#include "live/livechat.h"
#include "store.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace sense7 {

ChatPane::ChatPane(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_message(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
    , m_send(new QPushButton(tr("Send"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_retry(new QPushButton(tr("Retry"), this))
    , m_draftTimer(new QTimer(this))
    , m_updateTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("chatPane"));
    m_heading->setObjectName(QStringLiteral("chatHeading"));
    m_message->setObjectName(QStringLiteral("messageBox"));
    m_message->setAccessibleName(tr("Your message"));
    m_message->setPlaceholderText(
        tr("Write your message. Enter starts a new line; %1 sends it.")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    m_message->setTabChangesFocus(true);
    m_message->setMinimumHeight(70);
    m_message->installEventFilter(this);
    m_status->setObjectName(QStringLiteral("chatStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->hide();
    m_send->setObjectName(QStringLiteral("sendButton"));
    m_send->setToolTip(
        tr("Send the message (%1)")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    m_send->setDefault(false);
    m_send->setAutoDefault(false);
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_stop->setToolTip(tr("Stop the reply; what arrived is kept (Esc)"));
    m_stop->setEnabled(false);
    m_retry->setObjectName(QStringLiteral("retryButton"));
    m_retry->setToolTip(tr("Ask for the failed reply again"));
    m_retry->hide();

    auto *hint = new QLabel(
        tr("Enter: new line · %1: send")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)),
        this);
    hint->setForegroundRole(QPalette::PlaceholderText);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(hint, 1);
    buttons->addWidget(m_retry);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_send);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->addWidget(m_heading);
    layout->addWidget(m_message, 1);
    layout->addWidget(m_status);
    layout->addLayout(buttons);
    // The transcript keeps the room: the box grows only so far.
    m_message->setMaximumHeight(140);
    for (QLabel *label : {m_heading, m_status, hint})
        label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    layout->setSizeConstraint(QLayout::SetMaximumSize);

    m_draftTimer->setSingleShot(true);
    m_draftTimer->setInterval(draftDelayMs);
    connect(m_draftTimer, &QTimer::timeout, this, &ChatPane::saveDraft);
    m_updateTimer->setSingleShot(true);
    m_updateTimer->setInterval(0);
    connect(m_updateTimer, &QTimer::timeout, this, &ChatPane::updateState);
    connect(m_message, &QPlainTextEdit::textChanged, this, [this] {
        if (isOpen())
            m_draftTimer->start();
        scheduleUpdate(); // once per burst of typing
    });
    connect(m_send, &QPushButton::clicked, this, &ChatPane::send);
    connect(m_stop, &QPushButton::clicked, this, &ChatPane::stop);
    connect(m_retry, &QPushButton::clicked, this, &ChatPane::retry);
    setEnabled(false);
}

ChatPane::~ChatPane()
{
    close();
}

QList<QPair<QString, QString>> ChatPane::shortcutHelp()
{
    return {
        {QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText),
         tr("Send the message (live conversation)")},
        {tr("Enter"), tr("New line in the message")},
        {tr("Esc"), tr("Stop the reply as it arrives (what arrived is kept)")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M).toString(QKeySequence::NativeText),
         tr("Study: new conversation")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R).toString(QKeySequence::NativeText),
         tr("Study: resume the selected conversation")},
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E).toString(QKeySequence::NativeText),
         tr("Study: end the conversation (context form)")},
    };
}

void ChatPane::open(Store *store, qint64 conversationId, const QString &label)
{
    close();
    if (!store || conversationId == 0)
        return;
    // The engine first: it refuses a conversation that cannot be held, and nothing opens.
    m_chat = new live::LiveChat(*store, conversationId, this);
    m_store = store;
    m_conversationId = conversationId;
    m_label = label;
    m_heading->setText(tr("Conversation with %1").arg(label.toHtmlEscaped()));
    {
        const QSignalBlocker blocker(m_message);
        m_message->setPlainText(store->draft(conversationId));
    }
    m_message->moveCursor(QTextCursor::End);
    // A rating given may be what the next message waits for.
    connect(store, &Store::ratingChanged, this, &ChatPane::scheduleUpdate);
    // The engine emits these before it goes on (asks for the reply, writes the next piece):
    // what they change on the screen waits for the event loop.
    connect(m_chat, &live::LiveChat::userTurnCommitted, this, [this](qint64 turnId) {
        Q_EMIT committedTurn(turnId);
        scheduleUpdate();
    });
    connect(m_chat, &live::LiveChat::replyStarted, this, [this](qint64 turnId) {
        m_problem.clear(); // a wait or retry before it is over
        Q_EMIT committedTurn(turnId);
        scheduleUpdate();
    });
    connect(m_chat, &live::LiveChat::replyFinished, this, [this](qint64 turnId) {
        Q_EMIT committedTurn(turnId);
        Q_EMIT replyFinished(turnId);
        updateState();
    });
    connect(m_chat, &live::LiveChat::failed, this, [this](const QString &message) {
        m_problem = message;
        updateState();
    });
    connect(m_chat, &live::LiveChat::waiting, this, [this](int seconds, const QString &why) {
        m_problem = tr("%1 Trying again in %n seconds…", nullptr, seconds).arg(why);
        updateState();
    });
    setEnabled(true);
    updateState();
}

void ChatPane::close()
{
    if (!isOpen())
        return;
    saveDraft();
    if (m_chat && m_chat->isStreaming())
        m_chat->stop();
    delete m_chat;
    m_chat = nullptr;
    if (m_store)
        disconnect(m_store, nullptr, this, nullptr);
    m_conversationId = 0;
    m_store = nullptr;
    m_problem.clear();
    {
        const QSignalBlocker blocker(m_message);
        m_message->clear();
    }
    m_heading->clear();
    setEnabled(false);
    updateState();
}

bool ChatPane::send()
{
    if (!m_chat)
        return false;
    const QString text = m_message->toPlainText();
    if (text.trimmed().isEmpty())
        return false;
    if (const QString reason = m_chat->blockedReason(); !reason.isEmpty()) {
        showStatus(reason, true);
        return false;
    }
    m_problem.clear();
    if (!m_chat->send(text)) {
        updateState();
        return false;
    }
    // The message is a turn now: the box and the draft start again.
    m_draftTimer->stop();
    {
        const QSignalBlocker blocker(m_message);
        m_message->clear();
    }
    saveDraft();
    updateState();
    return true;
}

void ChatPane::stop()
{
    if (m_chat && m_chat->isStreaming())
        m_chat->stop();
    updateState();
}

void ChatPane::retry()
{
    if (!m_chat || !m_chat->canRetry())
        return;
    m_problem.clear();
    m_chat->retry();
    updateState();
}

void ChatPane::saveDraft()
{
    m_draftTimer->stop();
    if (!m_store || !isOpen() || m_store->isReadOnly())
        return;
    if (m_store->writesHeld()) { // an import's progress: the draft is saved after it
        m_draftTimer->start();
        return;
    }
    const QString text = m_message->toPlainText();
    if (text == m_store->draft(m_conversationId))
        return;
    try {
        m_store->saveDraft(m_conversationId, text);
    } catch (const Error &e) {
        showStatus(tr("Your message could not be saved as a draft: %1").arg(e.message()), true);
    }
}

void ChatPane::updateState()
{
    const bool streaming = m_chat && m_chat->isStreaming();
    const QString blocked = m_chat ? m_chat->blockedReason() : QString();
    m_stop->setEnabled(streaming);
    m_retry->setVisible(m_chat && !streaming && m_chat->canRetry());
    m_send->setEnabled(m_chat && blocked.isEmpty()
                       && !m_message->toPlainText().trimmed().isEmpty());
    if (!m_problem.isEmpty())
        showStatus(m_problem, true);
    else if (!blocked.isEmpty() && !streaming)
        showStatus(blocked, true);
    else if (streaming)
        showStatus(tr("%1 is replying…").arg(m_label), false);
    else
        showStatus(QString(), false);
}

void ChatPane::scheduleUpdate()
{
    m_updateTimer->start();
}

void ChatPane::showStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
    // A problem stands out like the workspace's banner; a note about progress does not.
    m_status->setAutoFillBackground(problem);
    m_status->setBackgroundRole(problem ? QPalette::ToolTipBase : QPalette::Window);
    m_status->setForegroundRole(problem ? QPalette::ToolTipText : QPalette::WindowText);
    m_status->setMargin(problem ? 6 : 0);
}

bool ChatPane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_message && event->type() == QEvent::ShortcutOverride) {
        // Esc belongs to the pane while a reply streams, not to the window's shortcuts.
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && m_chat && m_chat->isStreaming())
            event->accept();
    } else if (watched == m_message && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (enter && (key->modifiers() & Qt::ControlModifier)) {
            send();
            return true;
        }
        if (key->key() == Qt::Key_Escape && m_chat && m_chat->isStreaming()) {
            stop();
            return true;
        }
    } else if (watched == m_message && event->type() == QEvent::FocusOut) {
        saveDraft();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace sense7
