#include "livestudy.h"

#include "annotationbar.h"
#include "annotationsession.h"
#include "chatpane.h"
#include "contextdialog.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "live/livechat.h"
#include "livekey.h"
#include "mainwindow.h"
#include "ratingpanel.h"
#include "scaleselector.h"
#include "store.h"
#include "transcriptview.h"
#include "turnlistmodel.h"
#include "workspace.h"

#include <QAction>
#include <QDateTime>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUrl>

#include <algorithm>

namespace sense7 {

LiveStudy::LiveStudy(MainWindow *window, QMenu *menu)
    : QObject(window)
    , m_window(window)
    , m_pane(new ChatPane)
    , m_follow(new QTimer(this))
{
    // Under the transcript, above the trajectory: the message box is where the eye goes next.
    QSplitter *reading = window->workspace()->readingSplitter();
    reading->insertWidget(1, m_pane);
    reading->setCollapsible(1, false);
    m_pane->hide();

    m_new = menu->addAction(tr("&New conversation"), this, [this] { newConversation(); });
    m_new->setObjectName(QStringLiteral("newLiveConversationAction"));
    m_new->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_resume = menu->addAction(tr("&Resume conversation"), this, [this] { resumeConversation(); });
    m_resume->setObjectName(QStringLiteral("resumeLiveConversationAction"));
    m_resume->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_end = menu->addAction(tr("&End conversation…"), this, [this] { endConversation(); });
    m_end->setObjectName(QStringLiteral("endLiveConversationAction"));
    m_end->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    menu->addSeparator();
    m_key = menu->addAction(tr("Assistant API &Key…"), this, [this] { editApiKey(); });
    m_key->setObjectName(QStringLiteral("liveApiKeyAction"));
    // Tooltips show in the menu: they say why an entry is unavailable.
    menu->setToolTipsVisible(true);
    connect(menu, &QMenu::aboutToShow, this, &LiveStudy::updateActions);

    connect(window->conversationView()->selectionModel(), &QItemSelectionModel::currentRowChanged,
            this, [this] {
                const qint64 selected = selectedConversation();
                // A list refresh may leave no row current for a moment: only another row counts.
                if (m_pane->isOpen() && selected != 0 && selected != m_pane->conversationId())
                    closeChat();
                updateActions();
            });
    // The workspace starts at the first unrated reply when the turns are read again; while
    // chatting, the latest turn is what matters.
    connect(window->turns(), &QAbstractItemModel::modelReset, this, &LiveStudy::showLatest);
    // As the conversation goes on, the transcript shows its end at once; the panel moves to the
    // latest reply (its scales read from the data set) once the turns written settle.
    m_follow->setSingleShot(true);
    m_follow->setInterval(0);
    connect(m_follow, &QTimer::timeout, this, &LiveStudy::showLatest);
    connect(window->turns(), &QAbstractItemModel::rowsInserted, this, [this] {
        if (!showsChat())
            return;
        scrollToEnd();
        m_follow->start();
    });
    connect(window->turns(), &QAbstractItemModel::dataChanged, this, [this] {
        if (showsChat())
            scrollToEnd();
    });
    connect(m_pane, &ChatPane::replyFinished, this, &LiveStudy::followReply);
    // The last reply rated: back to the message box for the next message.
    connect(window->workspace()->panel(), &RatingPanel::turnRated, this, [this] {
        const TurnListModel *turns = m_window->turns();
        const int last = turns->rowCount() - 1;
        if (m_pane->isOpen() && m_pane->isVisible() && last >= 0
            && turns->turn(last).id == m_window->workspace()->currentTurn())
            m_pane->messageBox()->setFocus(Qt::OtherFocusReason);
    });
    updateActions();
}

LiveStudy::~LiveStudy() = default; // MainWindow closes the chat while its store exists

ContextDialog *LiveStudy::contextDialog() const
{
    return m_dialog;
}

Store *LiveStudy::store() const
{
    return m_window->store();
}

qint64 LiveStudy::selectedConversation() const
{
    const QModelIndex current = m_window->conversationView()->currentIndex();
    return current.isValid() ? current.data(ConversationTableModel::IdRole).toLongLong() : 0;
}

void LiveStudy::updateActions()
{
    Store *store = this->store();
    const bool live = store && !store->protocol().live.conditions.isEmpty();
    const bool writable = store && !store->isReadOnly();
    const QString noLive = !store ? tr("Open a data set first.")
        : !live ? tr("The study's protocol names no assistant conditions for live conversations.")
        : !writable ? tr("The data set is open read-only.")
                    : QString();
    bool resumable = false;
    if (noLive.isEmpty()) {
        const auto conversation = store->conversation(selectedConversation());
        // Only where it was held: an imported one is a participant's record.
        resumable = conversation && !conversation->condition.isEmpty()
            && !conversation->provenance.contains(QLatin1String("file"))
            && conversation->id != m_pane->conversationId();
    }
    m_new->setEnabled(noLive.isEmpty());
    m_new->setToolTip(noLive.isEmpty()
                          ? tr("Start a conversation with the assistant your assignment gives")
                          : noLive);
    m_resume->setEnabled(resumable);
    m_resume->setToolTip(!noLive.isEmpty() ? noLive
                             : resumable
                             ? tr("Continue the selected conversation in a new sitting")
                             : tr("Select a live conversation in the list to continue it."));
    bool endpoint = false;
    if (live) {
        const QVector<AssistantCondition> conditions = store->protocol().live.conditions;
        endpoint = std::any_of(conditions.cbegin(), conditions.cend(), [](const auto &c) {
            return c.kind == AssistantCondition::Kind::Endpoint;
        });
    }
    m_key->setEnabled(endpoint);
    m_key->setToolTip(!store ? tr("Open a data set first.")
                          : endpoint
                          ? tr("The key the study's assistants need, kept in the system keychain")
                          : tr("The study's assistant conditions are scripted: they send nothing "
                               "and need no key."));
    m_end->setEnabled(noLive.isEmpty() && m_pane->isOpen());
    m_end->setToolTip(!noLive.isEmpty() ? noLive
                          : m_pane->isOpen()
                          ? tr("Answer the context form and end this conversation")
                          : tr("Start or resume a conversation first."));
}

qint64 LiveStudy::newConversation()
{
    Store *store = this->store();
    updateActions();
    if (!store || !m_new->isEnabled()) {
        showError(m_new->toolTip());
        return 0;
    }
    try {
        qint64 participant = m_window->annotationBar()->participantId();
        if (participant == 0) {
            // All participants are shown (researcher mode): say whose conversation it is.
            QStringList codes;
            for (const Participant &p : store->participants())
                codes << p.code;
            bool ok = false;
            const QString code =
                QInputDialog::getItem(m_window, tr("New conversation"),
                                      tr("Who holds this conversation? Choose a participant or "
                                         "type a new code."),
                                      codes, 0, true, &ok)
                    .trimmed();
            if (!ok || code.isEmpty())
                return 0;
            for (const Participant &p : store->participants()) {
                if (p.code == code)
                    participant = p.id;
            }
            if (participant == 0)
                participant = store->addParticipant(code);
        }
        // Between participants: the participant's one condition. Within: the next condition of
        // their order they have not talked with yet; after all of them, the one they talked
        // with least (the first in their order among equals).
        const Assignment assignment = store->assignConditions(participant);
        QHash<QString, int> used;
        for (const ConversationSummary &s : store->conversationSummaries(0, participant))
            if (!s.condition.isEmpty())
                ++used[s.condition];
        QString condition;
        for (const QString &key : assignment.conditions) {
            if (condition.isEmpty() || used.value(key) < used.value(condition))
                condition = key;
        }
        if (condition.isEmpty())
            throw Error(tr("The participant's assignment names no condition."));
        const qint64 id = store->startLiveConversation(
            participant, condition,
            tr("Conversation of %1")
                .arg(QLocale().toString(QDateTime::currentDateTime(), QLocale::ShortFormat)));
        if (!m_window->selectConversation(id)) {
            m_window->annotationBar()->selectParticipant(participant);
            m_window->selectConversation(id);
        }
        openChat(id);
        return id;
    } catch (const Error &e) {
        showError(e.message());
        return 0;
    }
}

bool LiveStudy::resumeConversation()
{
    updateActions();
    if (!m_resume->isEnabled())
        return false;
    const qint64 id = selectedConversation();
    try {
        store()->beginSession(id);
    } catch (const Error &e) {
        showError(e.message());
        return false;
    }
    openChat(id);
    return true;
}

void LiveStudy::openChat(qint64 conversationId)
{
    Store *store = this->store();
    const auto conversation = store->conversation(conversationId);
    if (!conversation)
        return;
    const LivePlan plan = store->protocol().live;
    const AssistantCondition *condition = plan.condition(conversation->condition);
    const QString label = condition ? condition->label : conversation->agent;
    try {
        // Replies a crash left half-written are marked interrupted as the engine opens.
        m_pane->open(store, conversationId, label);
    } catch (const Error &e) {
        showError(e.message());
        return;
    }
    m_pane->show();
    if (condition && condition->kind == AssistantCondition::Kind::Endpoint) {
        // The key kept in the keychain, if any; until it is read (or without one) the
        // environment's is used.
        QPointer<ChatPane> pane = m_pane;
        livekey::read(store->protocol().key, m_pane,
                      [pane, conversationId](const QString &key, const QString &) {
                          if (pane && pane->chat() && pane->conversationId() == conversationId
                              && !key.isEmpty())
                              pane->chat()->setApiKey(key);
                      });
    }
    m_window->workspace()->setChartDeferred(true);
    // The pane takes the room it needs from the transcript, not from the trajectory below.
    QSplitter *reading = m_window->workspace()->readingSplitter();
    QList<int> sizes = reading->sizes();
    if (sizes.size() == 3) {
        const int pane = m_pane->sizeHint().height();
        sizes[0] = std::max(100, sizes[0] + sizes[1] - pane);
        sizes[1] = pane;
        reading->setSizes(sizes);
    }
    const bool researcher = m_window->annotationBar()->mode() == AnnotationBar::Mode::Researcher;
    // Participants see the label only; the researcher also the condition behind it.
    QString banner = researcher
        ? tr("Live conversation with %1 (condition <b>%2</b>)")
              .arg(label.toHtmlEscaped(), conversation->condition.toHtmlEscaped())
        : QString();
    if (plan.rating == RatingTiming::AtEnd) {
        // The study rates each reply once the conversation is over, not as it goes.
        const QString hold = tr("You rate the replies once you end the conversation (%1).")
                                 .arg(m_end->shortcut().toString(QKeySequence::NativeText));
        m_window->workspace()->panel()->holdTurnRatings(hold);
        banner = banner.isEmpty() ? hold.toHtmlEscaped()
                                  : banner + QStringLiteral("<br>") + hold.toHtmlEscaped();
    }
    m_window->workspace()->setBanner(banner);
    m_window->turns()->reload();
    m_pane->messageBox()->setFocus();
    updateActions();
}

void LiveStudy::editApiKey()
{
    Store *store = this->store();
    updateActions();
    if (!store || !m_key->isEnabled()) {
        showError(m_key->toolTip());
        return;
    }
    QStringList servers;
    const Protocol protocol = store->protocol();
    for (const AssistantCondition &c : protocol.live.conditions) {
        if (c.kind == AssistantCondition::Kind::Endpoint
            && !servers.contains(c.url.host(QUrl::FullyDecoded)))
            servers << c.url.host(QUrl::FullyDecoded);
    }
    bool ok = false;
    const QString key = QInputDialog::getText(
        m_window, tr("Assistant API key"),
        tr("The API key this study's assistants send to %1. It is kept in the system keychain, "
           "never in the data set. Leave it empty to remove it.")
            .arg(servers.join(QStringLiteral(", "))),
        QLineEdit::Password, QString(), &ok);
    if (!ok)
        return;
    const QString study = protocol.key;
    QPointer<MainWindow> window = m_window;
    livekey::write(study, key.trimmed(), this, [this, window, key](const QString &error) {
        if (!window)
            return;
        if (!error.isEmpty()) {
            showError(tr("The key could not be kept in the system keychain: %1").arg(error));
            return;
        }
        if (m_pane->chat())
            m_pane->chat()->setApiKey(key.trimmed());
        window->statusBar()->showMessage(key.trimmed().isEmpty()
                                             ? tr("The assistant API key was removed.")
                                             : tr("The assistant API key is kept."),
                                         5000);
    });
}

void LiveStudy::closeChat()
{
    if (!m_pane->isOpen())
        return;
    const qint64 id = m_pane->conversationId();
    m_pane->close();
    m_pane->hide();
    m_window->workspace()->setChartDeferred(false);
    m_window->workspace()->setBanner(QString());
    m_window->workspace()->panel()->holdTurnRatings(QString());
    // The sitting ends with the chat; the conversation may be resumed later.
    if (Store *store = this->store(); store && !store->isReadOnly()) {
        try {
            for (const LiveSession &s : store->sessions(id))
                if (s.begunHere && !s.endedAt.isValid()) // another machine's is its to end
                    store->endSession(s.id);
        } catch (const Error &e) {
            showError(e.message());
        }
    }
    updateActions();
}

void LiveStudy::endConversation()
{
    updateActions();
    if (!m_end->isEnabled())
        return;
    const qint64 id = m_pane->conversationId();
    m_pane->saveDraft();
    const auto conversation = store()->conversation(id);
    delete m_dialog;
    m_dialog = new ContextDialog(store()->protocol().context, conversation->context, m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &QDialog::accepted, this, [this, id] {
        const QJsonObject answers = m_dialog->answers();
        AnnotationSession *session = m_window->session();
        if (!session || !session->setContext(id, answers))
            return; // the session said why
        finishEnding(id);
    });
    m_dialog->open();
}

void LiveStudy::finishEnding(qint64 conversationId)
{
    // Recorded before the chat closes, so that the sitting and the conversation end together.
    if (Store *store = this->store(); store && !store->isReadOnly()) {
        try {
            store->endLiveConversation(conversationId);
        } catch (const Error &e) {
            showError(e.message());
        }
    }
    closeChat();
    Q_EMIT conversationEnded(conversationId);
    if (store()->protocol().live.rating != RatingTiming::AtEnd)
        return;
    // Rating at the end: the panel opens on the first reply still to rate.
    Workspace *workspace = m_window->workspace();
    if (workspace->nextUnrated(true)) {
        workspace->setBanner(tr("The conversation has ended. Please rate each reply now."));
        if (ScaleSelector *scale = workspace->panel()->scale(0))
            scale->setFocus(Qt::OtherFocusReason);
    }
}

void LiveStudy::followReply(qint64 turnId)
{
    if (!store() || store()->protocol().live.rating != RatingTiming::AfterEachReply)
        return;
    // Rating in situ: the panel opens on the reply that just finished.
    Workspace *workspace = m_window->workspace();
    if (workspace->setCurrentTurn(turnId)) {
        workspace->panel()->setCurrentDimension(0);
        // The keys go to the scales, unless the next message is being typed: digits typed there
        // must not turn into ratings.
        if (ScaleSelector *scale = workspace->panel()->scale(0);
            scale && m_pane->messageBox()->toPlainText().isEmpty())
            scale->setFocus(Qt::OtherFocusReason);
    }
}

bool LiveStudy::showsChat() const
{
    return m_pane->isOpen() && m_window->turns()->conversationId() == m_pane->conversationId();
}

void LiveStudy::scrollToEnd()
{
    QScrollBar *bar = m_window->transcriptView()->verticalScrollBar();
    bar->setValue(bar->maximum());
}

void LiveStudy::showLatest()
{
    m_follow->stop();
    if (!showsChat())
        return;
    const TurnListModel *turns = m_window->turns();
    for (int row = turns->rowCount() - 1; row >= 0; --row) {
        if (turns->turn(row).role == Role::Assistant) {
            // Often the workspace has already gone there: the panel is not read twice.
            if (m_window->workspace()->currentTurn() != turns->turn(row).id)
                m_window->workspace()->setCurrentTurn(turns->turn(row).id);
            break;
        }
    }
    QScrollBar *bar = m_window->transcriptView()->verticalScrollBar();
    bar->setValue(bar->maximum());
    // Before the window is first shown (a conversation resumed from the command line) the
    // transcript has no height yet: go to the end again once it is laid out.
    if (!m_window->isVisible())
        QTimer::singleShot(0, bar, [bar] { bar->setValue(bar->maximum()); });
    m_pane->scheduleUpdate();
}

void LiveStudy::showError(const QString &message)
{
    QMessageBox::warning(m_window, tr("Sense-7 Studio"), message);
}

} // namespace sense7
