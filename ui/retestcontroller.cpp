#include "retestcontroller.h"

#include "annotationsession.h"
#include "conversationtablemodel.h"
#include "error.h"
#include "ratingpanel.h"
#include "retest.h"
#include "settings.h"
#include "store.h"
#include "workspace.h"

#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

namespace sense7 {

RetestController::RetestController(Workspace *workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{
    connect(m_workspace->panel(), &RatingPanel::turnRated, this, [this] {
        if (isActive())
            advance();
    });
    connect(m_workspace, &Workspace::bannerLinkActivated, this, [this](const QString &link) {
        if (link == QLatin1String("retest:stop"))
            stop();
    });
}

RetestController::~RetestController() = default;

void RetestController::setConversationSelector(std::function<bool(qint64)> select)
{
    m_select = std::move(select);
}

QString RetestController::describe(const Protocol &protocol)
{
    if (!protocol.retest.enabled)
        return tr("The study protocol \"%1\" asks for no blind re-rating.").arg(protocol.name);
    return tr("The study protocol \"%1\" asks for a round of %2 % of the replies already rated "
              "after every %n fully rated conversation(s).",
              nullptr, protocol.retest.everyConversations)
        .arg(protocol.name, QString::number(protocol.retest.percent));
}

void RetestController::configure(QWidget *parent)
{
    // The plan is the study's, from its protocol: a preference may not change what a study
    // measures, so the dialog shows it and offers a round now, nothing to set.
    Store *store = m_workspace->session() ? m_workspace->session()->store() : nullptr;
    const Protocol protocol = store ? store->protocol() : protocol::sense7();
    QDialog dialog(parent);
    dialog.setWindowTitle(tr("Blind re-rating"));
    auto *form = new QFormLayout(&dialog);
    auto *explanation =
        new QLabel(tr("Now and then, some replies you already rated come back without your "
                      "earlier ratings. Rating them again shows how stable judgements are "
                      "(test–retest reliability). The new ratings are kept apart from the "
                      "first ones."),
                   &dialog);
    explanation->setWordWrap(true);
    form->addRow(explanation);
    auto *plan = new QLabel(describe(protocol), &dialog);
    plan->setObjectName(QStringLiteral("retestPlan"));
    plan->setWordWrap(true);
    form->addRow(plan);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QPushButton *now = buttons->addButton(tr("Start a round now"), QDialogButtonBox::ActionRole);
    now->setEnabled(store && protocol.retest.enabled && !isActive());
    bool startNow = false;
    connect(now, &QPushButton::clicked, &dialog, [&] {
        startNow = true;
        dialog.accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || !startNow || !store)
        return;
    if (!start(store, 0, quint64(QDateTime::currentMSecsSinceEpoch())))
        QMessageBox::information(parent, tr("Blind re-rating"),
                                 tr("There are no fully rated replies to re-rate yet."));
}

void RetestController::checkMilestone(Store *store, const ConversationTableModel *conversations)
{
    Settings settings;
    if (isActive() || m_asking || !store || !store->protocol().retest.enabled
        || (conversations->annotator() != 0
            && conversations->annotator() != store->selfAnnotatorId()))
        return;
    int completed = 0;
    for (int row = 0; row < conversations->rowCount(); ++row)
        completed += conversations->summary(row).ratedShare >= 1.0 ? 1 : 0;
    const int milestone = settings.retestMilestone(store->path());
    if (!retest::isDue(completed, store->protocol().retest.everyConversations, milestone))
        return;
    settings.setRetestMilestone(store->path(), completed);
    m_asking = true;
    const auto answer = QMessageBox::question(
        m_workspace, tr("Blind re-rating"),
        tr("You have rated %n conversation(s) completely. Would you rate a few replies again? "
           "Your earlier ratings stay hidden and are not changed.",
           nullptr, completed),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    m_asking = false;
    if (answer == QMessageBox::Yes)
        start(store, conversations->participant(), quint64(QDateTime::currentMSecsSinceEpoch()));
}

bool RetestController::start(Store *store, qint64 participantId, quint64 seed)
{
    if (!store || store->isReadOnly() || isActive())
        return false;
    const RetestPlan plan = store->protocol().retest;
    if (!plan.enabled)
        return false;
    qint64 retestAnnotator = 0;
    try {
        retestAnnotator =
            store->annotatorId(QString::fromLatin1(retest::annotatorCode), AnnotatorKind::Self);
    } catch (const Error &e) {
        QMessageBox::warning(m_workspace, tr("Blind re-rating"), e.message());
        return false;
    }
    const QVector<qint64> candidates =
        store->fullyRatedTurns(store->selfAnnotatorId(), participantId, retestAnnotator);
    m_turns = retest::choose(candidates, plan.percent, seed);
    if (m_turns.isEmpty())
        return false;
    m_store = store;
    m_previous = m_workspace->session();
    m_session = new AnnotationSession(store, retestAnnotator, this);
    m_position = 0;
    m_workspace->setSession(m_session);
    showItem();
    return true;
}

void RetestController::showItem()
{
    const qint64 turn = m_turns.value(m_position);
    if (m_select && m_store)
        m_select(m_store->conversationOfTurn(turn));
    m_workspace->setCurrentTurn(turn);
    m_workspace->panel()->setCurrentDimension(0);
    m_workspace->setBanner(
        tr("<b>Re-rating check: reply %1 of %2.</b> Rate it as you see it now; your earlier "
           "ratings are hidden and stay as they were. <a href=\"retest:stop\">Stop</a>")
            .arg(m_position + 1)
            .arg(m_turns.size()));
}

void RetestController::advance()
{
    ++m_position;
    if (m_position < m_turns.size()) {
        showItem();
        return;
    }
    const int count = int(m_turns.size());
    stop();
    QMessageBox::information(m_workspace, tr("Blind re-rating"),
                             tr("Thank you: %n reply(s) rated again.", nullptr, count));
}

void RetestController::stop()
{
    if (!isActive())
        return;
    m_workspace->setBanner({});
    m_workspace->setSession(m_previous);
    delete m_session;
    m_session = nullptr;
    m_turns.clear();
    m_position = 0;
}

} // namespace sense7
